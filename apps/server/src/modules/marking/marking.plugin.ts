import type { FastifyPluginAsync } from 'fastify';
import { MARK_MSG } from '@xueban/contract/marking';
import { settleInterruptedDrafts } from './marking.repo.ts';
import { DRAFT_QUEUE, DRAFT_QUEUE_OPTIONS, draftSubmission, type DraftJob } from './draft.job.ts';
import { markingRoutes } from './marking.routes.ts';

/** One draft at a time per node: each waits on the model, and the embedded database is one connection. */
const CONCURRENCY = 1;

/**
 * The marking module's boot work: the AI draft queue and, on worker nodes, its worker; then the
 * routes. A draft that a stopped process left `drafting` waits again with the reason (embedded
 * database), or is claimable again after a few minutes (claimForDraft); the teacher can always redraft.
 */
export const markingPlugin: FastifyPluginAsync = async (app) => {
  await app.queue.createQueue(DRAFT_QUEUE, DRAFT_QUEUE_OPTIONS);
  if (app.deps.config.WORKERS) {
    // With the embedded database this process is the only drafter: a draft still open at boot died with the last one.
    if (app.deps.dbKind === 'pglite') {
      const settled = await settleInterruptedDrafts(app.deps.db, MARK_MSG.interrupted);
      if (settled) app.log.warn({ submissions: settled }, 'marking drafts interrupted by a stop wait for a redraft');
    }
    for (let i = 0; i < CONCURRENCY; i++) {
      await app.queue.work<DraftJob>(DRAFT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        await draftSubmission(app.deps, job!.data.submissionId, app.log);
      });
    }
  }
  await app.register(markingRoutes);
};
