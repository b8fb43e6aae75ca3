import type { Cluster } from './redis.ts';

/**
 * Failed attempts per key in a fixed window, counted where the cluster counts (Redis shared by
 * every node, else this process). @fastify/rate-limit counts every request; a login lock must count
 * only the failures, or a user who logs in from many devices, or a test suite, would lock their own account.
 */
export class AttemptWindow {
  constructor(
    private readonly cluster: Cluster,
    /** Keeps this window's keys apart from other counters'. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** True once `key` has failed `max` times in the current window. */
  async blocked(key: string): Promise<boolean> {
    return (await this.cluster.count(this.keyOf(key))) >= this.max;
  }

  async fail(key: string): Promise<void> {
    await this.cluster.hit(this.keyOf(key), this.windowMs);
  }

  async clear(key: string): Promise<void> {
    await this.cluster.reset(this.keyOf(key));
  }

  private keyOf(key: string) {
    return `fail:${this.name}:${key}`;
  }
}
