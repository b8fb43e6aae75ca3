import type { FastifyPluginAsync } from 'fastify';
import { knowledgeRoutes } from './knowledge.routes.ts';
import { TRAIN_QUEUE, TRAIN_QUEUE_OPTIONS } from './training.job.ts';
import { startTrainingWorker } from './training.worker.ts';
import { ensureVectorStore } from './vector-store.ts';
import { closeTextTermsPool } from '../../ai/text-terms-pool.ts';

/**
 * The knowledge module's boot work, registered by the app: the training queue, the vector store
 * (where pgvector exists) and, on worker nodes, the training worker; then the routes.
 */
export const knowledgePlugin: FastifyPluginAsync = async (app) => {
  await app.queue.createQueue(TRAIN_QUEUE, TRAIN_QUEUE_OPTIONS);
  await ensureVectorStore(app.deps.db, app.log);
  if (app.deps.config.WORKERS) await startTrainingWorker(app);
  app.addHook('onClose', closeTextTermsPool);
  await app.register(knowledgeRoutes);
};
