import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobWithMetadata } from 'pg-boss';
import { MSG } from '@xueban/contract/messages';
import { knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { markDocumentsChanged } from './index-log.repo.ts';
import { TRAIN_QUEUE, TRAIN_QUEUE_OPTIONS, trainDocuments, type TrainJob } from './training.job.ts';

/**
 * Training workers on this node, each taking a batch of jobs at a time. The batches' documents
 * are written together (training.job.ts), so throughput grows with the batch; parsing inside a
 * batch is bounded separately (PARSE_AT_ONCE), and heavy formats parse in child processes.
 */
const CONCURRENCY = 2;
const BATCH = 50;

/** This node's training workers, per queue: woken at once when a document is queued here. */
const workers = new WeakMap<object, string[]>();

/** Wakes this node's idle training workers now instead of at their next poll (other nodes still poll). */
export function wakeTrainingWorkers(queue: { notifyWorker(id: string): void }) {
  for (const id of workers.get(queue) ?? []) queue.notifyWorker(id);
}

/**
 * Queues documents for training, one job each (the job id is already on the document, written
 * with it), in one statement, and wakes this node's workers.
 */
export async function queueTraining(queue: PgBoss, docs: { id: number; jobId: string | null }[]) {
  if (!docs.length) return;
  // The expiry goes with each job: a queue made by an older version keeps its own.
  await queue.insert(docs.map((d) => ({
    id: d.jobId!, name: TRAIN_QUEUE, data: { documentId: d.id } satisfies TrainJob, expireInSeconds: TRAIN_QUEUE_OPTIONS.expireInSeconds,
  })));
  wakeTrainingWorkers(queue);
}

/** Job states from which pg-boss never delivers a job again. */
const FINAL_JOB_STATES = new Set(['completed', 'cancelled', 'failed']);

/**
 * Runs training jobs on this node. With the embedded database this process is the only one that
 * ever worked on them, so a job still `active` at boot belonged to a process that died mid-task:
 * it is failed now, which hands it back to the queue for its next try, instead of waiting for
 * its expiry. (On PostgreSQL another node may be working on it; expiry handles the dead ones.)
 * A try that dies with its process counts like any other: after the last one the job is failed for
 * good, and settleAbandonedDocuments ends its document instead of leaving it `training`.
 */
export async function startTrainingWorker(app: FastifyInstance) {
  const { deps, queue } = app;
  if (deps.dbKind === 'pglite') {
    const stuck = await deps.db.select({ jobId: knowledgeDocuments.jobId }).from(knowledgeDocuments)
      .where(inArray(knowledgeDocuments.status, ['training']));
    const ids = stuck.map((s) => s.jobId).filter((id): id is string => !!id);
    if (ids.length) {
      await queue.fail(TRAIN_QUEUE, ids);
      app.log.info({ jobs: ids.length }, 'knowledge training resumed after a stop');
    }
  }
  await settleAbandonedDocuments(app);
  const ids: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const id: string = await queue.work<TrainJob>(TRAIN_QUEUE, { batchSize: BATCH, includeMetadata: true, pollingIntervalSeconds: 2 }, async (jobs: JobWithMetadata<TrainJob>[]) => {
      const retry = await trainDocuments(deps, app.log, jobs);
      // Failed through the queue, each job on its own: it comes back after its retry delay (the errors were logged).
      if (retry.length) await queue.fail(TRAIN_QUEUE, retry.map((r) => r.run.id!));
      // pg-boss waits out its polling interval after every fetch, even a full one: a full batch
      // means more is waiting, so the worker is told to fetch again at once.
      if (jobs.length === BATCH) queue.notifyWorker(id);
    });
    ids.push(id);
  }
  workers.set(queue, ids);
}

/**
 * Documents still `queued` or `training` whose job will never run again (its tries used up by
 * processes that died during them, or the job gone) end `failed` with 训练多次失败，请稍后重试,
 * so they can be retried by hand instead of showing progress forever. The update is conditional
 * on the same job, so a document that finished or was queued again meanwhile is left alone.
 */
export async function settleAbandonedDocuments(app: FastifyInstance) {
  const { deps, queue } = app;
  const open = await deps.db.select({ id: knowledgeDocuments.id, jobId: knowledgeDocuments.jobId }).from(knowledgeDocuments)
    .where(and(inArray(knowledgeDocuments.status, ['queued', 'training']), isNotNull(knowledgeDocuments.jobId)));
  let settled = 0;
  for (const doc of open) {
    const job = await queue.getJobById(TRAIN_QUEUE, doc.jobId!, { includeArchive: true });
    if (job && !FINAL_JOB_STATES.has(job.state)) continue;
    const ended = await deps.db.update(knowledgeDocuments).set({ status: 'failed', progress: 0, error: MSG.kbJobGaveUp })
      .where(and(eq(knowledgeDocuments.id, doc.id), eq(knowledgeDocuments.jobId, doc.jobId!), inArray(knowledgeDocuments.status, ['queued', 'training'])))
      .returning({ id: knowledgeDocuments.id });
    await markDocumentsChanged(deps.db, ended.map((e) => e.id));
    settled += ended.length;
  }
  if (settled) app.log.warn({ documents: settled }, 'knowledge documents whose training jobs gave up were marked failed');
}
