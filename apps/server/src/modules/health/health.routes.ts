import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { Health } from '@xueban/contract/calls/platform';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, Health.check, { config: { access: 'public' } }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return ok({ status: 'ok', db: 'up' });
  });
};
