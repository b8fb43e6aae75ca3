import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ok } from '../../lib/envelope.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    schema: { tags: ['health'], summary: '健康检查' },
    config: { access: 'public' },
  }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return ok({ status: 'ok', db: 'up' });
  });
};
