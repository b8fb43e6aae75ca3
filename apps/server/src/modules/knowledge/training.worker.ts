import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import { knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { TRAIN_QUEUE, trainDocument, type TrainJob } from './training.job.ts';

/** Two documents at a time: parsing is CPU-bound and the embedded database is one connection. */
const CONCURRENCY = 2;

/**
 * Runs training jobs on this node. With the embedded database this process is the only one that
 * ever worked on them, so a job still `active` at boot belonged to a process that died mid-task:
 * it is failed now, which hands it back to the queue for its next try, instead of waiting for
 * its expiry. (On PostgreSQL another node may be working on it; expiry handles the dead ones.)
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
  for (let i = 0; i < CONCURRENCY; i++) {
    await queue.work<TrainJob>(TRAIN_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]: JobWithMetadata<TrainJob>[]) => {
      await trainDocument(deps, app.log, job!);
    });
  }
}
