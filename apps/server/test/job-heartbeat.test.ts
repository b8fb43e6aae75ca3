/**
 * The job heartbeat (src/jobs/heartbeat.ts) on the test database: a running job is beaten while it
 * runs and its row goes when it ends; a job whose beat is stale is failed through pg-boss (so its
 * retry hands it on), once, whoever sweeps; a fresh beat, or a job no longer active, is left alone.
 * The two-process version (a node SIGKILLed mid-training) is test/job-handover.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBeats } from '../src/db/schema/jobs.ts';
import { JobHeartbeat } from '../src/jobs/heartbeat.ts';
import { createTestApp, until, type TestApp } from './harness.ts';

let t: TestApp;
const QUEUE = 'heartbeat-test';
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.queue.createQueue(QUEUE, { name: QUEUE, retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 });
});
afterAll(async () => { await t.close(); });

/** A job taken by a "node" that then died: active in pg-boss, its beat `ageSeconds` old. */
async function abandonedJob(node: string, ageSeconds: number) {
  const id = (await t.app.queue.send(QUEUE, { n: 1 }))!;
  const [taken] = await t.app.queue.fetch(QUEUE);
  expect(taken!.id).toBe(id);
  await t.deps.db.insert(jobBeats).values({ jobId: id, queue: QUEUE, node, beatAt: sql`now() - make_interval(secs => ${ageSeconds})` });
  return id;
}
const stateOf = async (id: string) => (await t.app.queue.getJobById(QUEUE, id))?.state;

describe('job heartbeat', () => {
  it('fails a job whose node stopped beating, so pg-boss retries it; a fresh beat is left running', async () => {
    const dead = await abandonedJob('dead-node', 120);
    const alive = await abandonedJob('live-node', 2);
    const sweeper = new JobHeartbeat(t.deps.db, 'sweeper', 30, log);
    expect(await sweeper.sweep(t.app.queue)).toBe(1);
    expect(await stateOf(dead)).toBe('retry');
    expect(await stateOf(alive)).toBe('active');
    expect((await t.deps.db.select().from(jobBeats)).map((b) => b.jobId)).toEqual([alive]);
    // A second sweeper (another node) finds nothing left to fail: the retry is not spent twice.
    expect(await new JobHeartbeat(t.deps.db, 'other', 30, log).sweep(t.app.queue)).toBe(0);
    const job = await t.app.queue.getJobById(QUEUE, dead);
    expect(job?.retryCount).toBe(0);
  });

  it('leaves a job that is no longer active alone, and drops its stale row', async () => {
    const id = await abandonedJob('slow-node', 120);
    await t.app.queue.complete(QUEUE, id);
    expect(await new JobHeartbeat(t.deps.db, 'sweeper', 30, log).sweep(t.app.queue)).toBe(1);
    expect(await stateOf(id)).toBe('completed');
    expect(await t.deps.db.select().from(jobBeats).where(eq(jobBeats.jobId, id))).toEqual([]);
  });

  it('beats while the work runs and removes the row when it ends, even when it throws', async () => {
    const beats = new JobHeartbeat(t.deps.db, 'worker', 3, log); // a beat every 0.5 s
    const seen: Date[] = [];
    const work = beats.during(QUEUE, ['00000000-0000-4000-8000-000000000001'], async () => {
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 700));
        const [row] = await t.deps.db.select().from(jobBeats).where(eq(jobBeats.jobId, '00000000-0000-4000-8000-000000000001'));
        seen.push(row!.beatAt);
      }
      throw new Error('the job failed');
    });
    await expect(work).rejects.toThrow('the job failed');
    expect(new Set(seen.map((d) => d.getTime())).size).toBeGreaterThan(1);
    expect(await t.deps.db.select().from(jobBeats).where(eq(jobBeats.node, 'worker'))).toEqual([]);
    beats.stop();
  });

  it('a restarted node releases the jobs its previous life was running, at once', async () => {
    const id = await abandonedJob('restarted-node', 0);
    await new JobHeartbeat(t.deps.db, 'restarted-node', 30, log).releaseOwn(t.app.queue);
    expect(await stateOf(id)).toBe('retry');
  });

  it('every handler registered with work() runs under the heartbeat', async () => {
    const queue = 'heartbeat-wrapped';
    await t.app.queue.createQueue(queue, { name: queue, retryLimit: 0 });
    let rowsDuring: { node: string }[] = [];
    await t.app.queue.work(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      rowsDuring = await t.deps.db.select({ node: jobBeats.node }).from(jobBeats).where(eq(jobBeats.jobId, job!.id));
    });
    const id = (await t.app.queue.send(queue, {}))!;
    await until('the job to complete', async () => ((await t.app.queue.getJobById(queue, id))?.state === 'completed' ? true : undefined));
    expect(rowsDuring).toHaveLength(1);
    expect(await t.deps.db.select().from(jobBeats).where(eq(jobBeats.jobId, id))).toEqual([]);
  });
});
