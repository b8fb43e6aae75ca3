import type { FastifyPluginAsync } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import { fileRoutes } from './files.routes.ts';
import { directUploadRoutes } from './direct-upload.routes.ts';
import { convertPreview, PREVIEW_QUEUE, PREVIEW_QUEUE_OPTIONS, type PreviewJob } from './office-preview.service.ts';

/** One conversion at a time per node: LibreOffice takes a core and a few hundred MB. */
const CONCURRENCY = 1;

/** The files module's boot work: the office preview queue and, on worker nodes, its worker; then the routes. */
export const filesPlugin: FastifyPluginAsync = async (app) => {
  await app.queue.createQueue(PREVIEW_QUEUE, PREVIEW_QUEUE_OPTIONS);
  if (app.deps.config.WORKERS) {
    for (let i = 0; i < CONCURRENCY; i++) {
      await app.queue.work<PreviewJob>(PREVIEW_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]: JobWithMetadata<PreviewJob>[]) => {
        await convertPreview(app.deps, app.log, job!);
      });
    }
  }
  await app.register(fileRoutes);
  await app.register(directUploadRoutes);
};
