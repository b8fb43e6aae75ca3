import type { FastifyPluginAsync } from 'fastify';
import { User } from '@xueban/contract/calls/uc';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { applyDeveloper, auditApply, latestApply, listApplies } from './developers.service.ts';

export const developerRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, User.applyDeveloper, { config: { access: 'user' } },
    async (req) => ok(await applyDeveloper(deps, caller(req), req.body.reason ?? ''), MSG.applyPending));

  route(app, User.getUserDeveloperApply, { config: { access: 'user' } }, async (req) => ok(await latestApply(deps, caller(req))));

  route(app, User.developerApplyLists, { config: { access: { roles: ADMIN_ROLE_ABOVE } } },
    async (req) => ok(await listApplies(deps, caller(req), req.query)));

  route(app, User.auditDeveloperApply, {
    config: { access: { roles: ADMIN_ROLE_ABOVE }, tenant: { resource: 'developerApply', field: 'id', in: 'body' } },
  }, async (req) => {
    await auditApply(deps, caller(req), req.body.id, req.body.status, req.body.reason);
    return ok(null, MSG.done);
  });
};
