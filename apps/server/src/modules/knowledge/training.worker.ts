import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import { MSG } from '@xueban/contract/messages';
import { knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { markDocumentsChanged } from './index-log.repo.ts';
import { TRAIN_QUEUE, trainDocument, type TrainJob } from './training.job.ts';

/**
 * Documents trained at once on this node. Parsing runs in child processes (each capped at
 * 256 MB, ai/parse/worker.ts), so this bounds memory as well as CPU; the database writes are
 * batched per document, and what is left per document is mostly waiting on I/O.
 */
const CONCURRENCY = 4;

/** This node's training workers, per queue: woken at once when a document is queued here. */
const workers = new WeakMap<object, string[]>();

/** Wakes this node's idle training workers now instead of at their next poll (other nodes still poll). */
export function wakeTrainingWorkers(queue: { notifyWorker(id: string): void }) {
  for (const id of workers.get(queue) ?? []) queue.notifyWorker(id);
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
    ids.push(await queue.work<TrainJob>(TRAIN_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]: JobWithMetadata<TrainJob>[]) => {
      await trainDocument(deps, app.log, job!);
    }));
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
