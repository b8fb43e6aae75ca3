import type { FastifyPluginAsync } from 'fastify';
import { DRAFT_QUEUE, DRAFT_QUEUE_OPTIONS, draftSubmission, type DraftJob } from './draft.job.ts';
import { markingRoutes } from './marking.routes.ts';

/** One draft at a time per node: each waits on the model, and the embedded database is one connection. */
const CONCURRENCY = 1;

/**
 * The marking module's boot work: the AI draft queue and, on worker nodes, its worker; then the
 * routes. A draft that a dead process left `drafting` is claimable again after a few minutes
 * (marking.repo.ts claimForDraft), and the teacher can always redraft by hand.
 */
export const markingPlugin: FastifyPluginAsync = async (app) => {
  await app.queue.createQueue(DRAFT_QUEUE, DRAFT_QUEUE_OPTIONS);
  if (app.deps.config.WORKERS) {
    for (let i = 0; i < CONCURRENCY; i++) {
      await app.queue.work<DraftJob>(DRAFT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        await draftSubmission(app.deps, job!.data.submissionId, app.log);
      });
    }
  }
  await app.register(markingRoutes);
};
