import type { FastifyPluginAsync } from 'fastify';
import { AdminAudit } from '@xueban/contract/calls/admin';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { auditList } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  // The scope comes from the caller: super admin all (or one organisation), an org admin their own.
  route(app, AdminAudit.lists, {
    config: { access: { roles: ADMIN_ROLE_ABOVE }, tenant: { resource: 'group', field: 'group_id', in: 'query' } },
  }, async (req) => ok(await auditList(db, caller(req), req.query)));
};
