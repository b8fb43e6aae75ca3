import type { Db } from '../../db/client.ts';
import { saveProgress, type Progress } from './reply-store.ts';

/**
 * Rows per statement, and rows per second over every open stream. On PGlite each statement runs
 * on the server's own thread, and every stream's tokens wait behind it: 100 growing replies in one
 * UPDATE held the thread 30 ms on average and up to 240 ms under the 1 000-stream bench (issue 23
 * point 4). Small statements spread over the second keep each hold short; the rate caps the total.
 */
const SAVE_BATCH = 25;
const SAVE_ROWS_PER_SECOND = 250;
/** Ticks per save interval: each tick saves its share of the rows due. */
const TICKS_PER_INTERVAL = 10;

/**
 * Saves the growing replies of every open stream together, a few small statements per tick,
 * whatever the number of open streams: each reply at most once per `everyMs`, and, past
 * SAVE_ROWS_PER_SECOND open replies, as often as that rate allows (1 000 open streams: every 4 s),
 * the reply saved longest ago first. Saves also prove to the sweeper and to resumes on other nodes
 * that a reply is alive: the takeover and sweep windows (10 s and 30 s at least) stay well above
 * the longest gap even at several thousand streams.
 */
export class ProgressSaver {
  private readonly open = new Map<number, () => Progress>();
  /** Replies to save, oldest mark first (a reply is re-queued only when it changes after a save), with when each was last saved. */
  private readonly changed = new Map<number, number>();
  private readonly savedAt = new Map<number, number>();
  private saving: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly tickMs: number;
  /** Rows the rate allows now (SAVE_ROWS_PER_SECOND accrued since the last tick), and when that tick was. */
  private credit = 0;
  private lastTick = performance.now();

  constructor(
    private readonly db: Db, readonly node: string, private readonly everyMs: number, private readonly onError: (err: unknown) => void,
    private readonly rowsPerSecond = SAVE_ROWS_PER_SECOND,
  ) {
    this.tickMs = Math.max(10, Math.floor(everyMs / TICKS_PER_INTERVAL));
    this.timer = setInterval(() => void this.flush(), this.tickMs).unref();
  }

  /** The text so far of a reply streaming here (undefined once it is ending). */
  read(id: number): Progress | undefined {
    return this.open.get(id)?.();
  }

  /** A reply now streaming; `read` gives its text so far. */
  track(id: number, read: () => Progress) {
    this.open.set(id, read);
  }

  /** The reply grew, or must prove it is alive: it is saved at a coming tick. */
  mark(id: number) {
    if (!this.changed.has(id) && this.open.has(id)) this.changed.set(id, this.savedAt.get(id) ?? -Infinity);
  }

  /** The reply is ending: no more saves, and a save already under way lands before its final write. */
  async release(id: number) {
    this.open.delete(id);
    this.changed.delete(id);
    this.savedAt.delete(id);
    await this.saving;
  }

  /** Saves this tick's share: the replies due (not saved within `everyMs`), oldest mark first, up to the rate. */
  flush(): Promise<void> {
    if (!this.changed.size) return this.saving;
    const now = performance.now();
    // Rows this tick may save: the rate's share of the time since the last tick, never more than one tick's.
    const perTick = (this.rowsPerSecond * this.tickMs) / 1000;
    this.credit = Math.min(Math.max(1, perTick), this.credit + (this.rowsPerSecond * (now - this.lastTick)) / 1000);
    this.lastTick = now;
    const quota = Math.floor(this.credit);
    const rows: (Progress & { id: number })[] = [];
    for (const [id, saved] of this.changed) {
      if (rows.length >= quota) break;
      if (now - saved < this.everyMs) continue;
      this.changed.delete(id);
      this.savedAt.set(id, now);
      rows.push({ id, ...this.open.get(id)!() });
    }
    if (!rows.length) return this.saving;
    this.credit -= rows.length;
    this.saving = this.saving.then(async () => {
      for (let i = 0; i < rows.length; i += SAVE_BATCH) await saveProgress(this.db, this.node, rows.slice(i, i + SAVE_BATCH));
    }).catch(this.onError);
    return this.saving;
  }

  stop() {
    clearInterval(this.timer);
  }
}
