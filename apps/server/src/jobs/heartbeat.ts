import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobBeats } from '../db/schema/jobs.ts';

/**
 * How a dead node's job goes to a live one quickly. pg-boss 10 has no worker heartbeat: a job
 * whose node was killed stays `active` until its expiry (10–15 minutes here). So the node running
 * a job records it in job_beats and beats every few seconds while it runs; every node with
 * WORKERS=1 sweeps the rows whose beat is older than the threshold and fails their jobs through
 * pg-boss, whose retry (with its delay) hands them to whichever node polls next.
 *
 * The threshold (JOB_STALE_SECONDS, 30 s by default) is six beats: a node on a loaded 2-core
 * machine, in a long GC pause or behind a slow database, misses one or two beats, not six. A node
 * that is only very slow, not dead, loses its job to another: every job here is safe to run twice
 * (training replaces a document's chunks in one transaction; conversions overwrite their output).
 * Worst case from the kill to another node starting: threshold + one sweep period (a third of it)
 * + the queue's retry delay (5–10 s for training) + its polling interval (2 s): about 55 s.
 */
export class JobHeartbeat {
  /** Jobs this process is running now, by id. */
  private readonly running = new Map<string, string>();
  private beatTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  readonly beatEveryMs: number;
  readonly sweepEveryMs: number;

  constructor(private readonly db: Db, readonly node: string, readonly staleSeconds: number, private readonly log: FastifyBaseLogger) {
    this.beatEveryMs = Math.min(5_000, (staleSeconds * 1000) / 6);
    this.sweepEveryMs = Math.min(10_000, (staleSeconds * 1000) / 3);
  }

  /** Runs `work` on these jobs while beating for them; the rows go when it ends, however it ends. */
  async during<T>(queue: string, ids: string[], work: () => Promise<T>): Promise<T> {
    for (const id of ids) this.running.set(id, queue);
    try {
      // A job handed here again (after a sweep) takes its row over: this node beats for it now.
      await this.db.insert(jobBeats).values(ids.map((jobId) => ({ jobId, queue, node: this.node })))
        .onConflictDoUpdate({ target: jobBeats.jobId, set: { node: this.node, startedAt: sql`now()`, beatAt: sql`now()` } });
      this.beatTimer ??= setInterval(() => void this.beat(), this.beatEveryMs).unref();
      return await work();
    } finally {
      // The row goes before the job leaves `running`, so no sweep sees it unbeaten meanwhile.
      await this.db.delete(jobBeats).where(and(inArray(jobBeats.jobId, ids), eq(jobBeats.node, this.node)))
        .catch((err: unknown) => this.log.warn({ err }, 'job heartbeat: the row of a finished job stayed (it is swept)'));
      for (const id of ids) this.running.delete(id);
      if (!this.running.size && this.beatTimer) {
        clearInterval(this.beatTimer);
        this.beatTimer = undefined;
      }
    }
  }

  private async beat() {
    const ids = [...this.running.keys()];
    if (!ids.length) return;
    try {
      await this.db.update(jobBeats).set({ beatAt: sql`now()` }).where(and(inArray(jobBeats.jobId, ids), eq(jobBeats.node, this.node)));
    } catch (err) {
      this.log.warn({ err }, 'job heartbeat: a beat failed');
    }
  }

  /**
   * At boot, before this node takes any job: the rows under its own name are jobs its previous
   * life was running when it died, and nobody runs them now; they are failed at once.
   */
  async releaseOwn(boss: PgBoss) {
    const mine = await this.db.delete(jobBeats).where(eq(jobBeats.node, this.node)).returning();
    await this.failActive(boss, mine, 'its node restarted while running it');
  }

  /** Fails the jobs whose beat is stale. The rows are taken by one DELETE, so two sweeping nodes never fail a job twice. */
  async sweep(boss: PgBoss) {
    const stale = await this.db.delete(jobBeats)
      .where(lt(jobBeats.beatAt, sql`now() - make_interval(secs => ${this.staleSeconds})`)).returning();
    await this.failActive(boss, stale, 'its node stopped beating');
    return stale.length;
  }

  startSweeping(boss: PgBoss) {
    this.sweepTimer ??= setInterval(() => {
      this.sweep(boss).catch((err: unknown) => this.log.warn({ err }, 'job heartbeat: a sweep failed'));
    }, this.sweepEveryMs).unref();
  }

  stop() {
    clearInterval(this.sweepTimer);
    clearInterval(this.beatTimer);
    this.sweepTimer = this.beatTimer = undefined;
  }

  private async failActive(boss: PgBoss, rows: (typeof jobBeats.$inferSelect)[], why: string) {
    for (const row of rows) {
      // Only a job still `active` is failed: one that finished, or waits for its retry, is left as it is.
      const job = await boss.getJobById(row.queue, row.jobId).catch(() => null);
      if (job?.state !== 'active') continue;
      await boss.fail(row.queue, row.jobId, { message: `job handed over: ${why}`, node: row.node });
      this.log.warn({ job: row.jobId, queue: row.queue, node: row.node }, `job handed back to the queue: ${why}`);
    }
  }
}

type Handler = (jobs: { id: string }[]) => Promise<unknown>;

/** Every handler registered with `boss.work` runs under the heartbeat, whichever module registers it. */
export function beatWhileWorking(boss: PgBoss, beats: JobHeartbeat) {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  Object.assign(boss, {
    work: (name: string, ...rest: unknown[]) => {
      const handler = rest.pop() as Handler;
      return work(name, ...rest, (jobs: { id: string }[]) => beats.during(name, jobs.map((j) => j.id), () => handler(jobs)));
    },
  });
}
