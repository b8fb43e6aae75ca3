import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { Health } from '@xueban/contract/calls/platform';
import { Ops } from '@xueban/contract/calls/org';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { selfCheck } from './self-check.service.ts';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, Health.check, { config: { access: 'public' } }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return ok({ status: 'ok', db: 'up' });
  });

  route(app, Ops.selfCheck, { config: { access: { roles: [Role.SUPER_ADMIN] } } },
    async () => ok(await selfCheck(app.deps, app.queue)));
};
