/**
 * Failed attempts per key in a fixed window, in process (a later multi-node setup moves it to
 * Redis). @fastify/rate-limit counts every request; a login lock must count only the failures,
 * or a user who logs in from many devices, or a test suite, would lock their own account.
 */
export class AttemptWindow {
  private readonly counts = new Map<string, { n: number; resetAt: number }>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly maxKeys = 100_000) {}

  /** True once `key` has failed `max` times in the current window. */
  blocked(key: string, now = Date.now()): boolean {
    const entry = this.counts.get(key);
    if (entry && entry.resetAt <= now) this.counts.delete(key);
    return !!entry && entry.resetAt > now && entry.n >= this.max;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.counts.get(key);
    if (entry && entry.resetAt > now) {
      entry.n++;
      return;
    }
    if (this.counts.size >= this.maxKeys) this.prune(now);
    this.counts.set(key, { n: 1, resetAt: now + this.windowMs });
  }

  clear(key: string): void {
    this.counts.delete(key);
  }

  /** Expired windows go first; if every window is live, the oldest half (a flood of made-up keys must not grow memory). */
  private prune(now: number) {
    for (const [k, v] of this.counts) if (v.resetAt <= now) this.counts.delete(k);
    if (this.counts.size < this.maxKeys) return;
    let drop = this.counts.size / 2;
    for (const k of this.counts.keys()) {
      if (drop-- <= 0) break;
      this.counts.delete(k);
    }
  }
}
