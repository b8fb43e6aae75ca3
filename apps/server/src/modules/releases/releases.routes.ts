import type { FastifyPluginAsync } from 'fastify';
import { AdminRobot, Robot } from '@xueban/contract/calls/robots';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { auditList, auditRelease, cancelRelease, releaseRobot } from './releases.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;

/** Release to the robot square or the template library, reviewed by a super admin (status -2 / 2 / 3). */
export const releaseRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, Robot.release, {
    config: { access: manageAccess, tenant: { resource: 'robot', field: 'id', in: 'body' } },
  }, async (req) => ok(await releaseRobot(deps, caller(req), req.body.id, req.body.target), MSG.applyPending));

  route(app, Robot.cancelRelease, {
    config: { access: manageAccess, tenant: { resource: 'robot', field: 'id', in: 'body' } },
  }, async (req) => {
    await cancelRelease(deps, caller(req), req.body.id, req.body.target);
    return ok(null, MSG.done);
  });

  route(app, AdminRobot.auditLists, {
    config: { access: superAdmin },
  }, async (req) => ok(await auditList(deps, req.query)));

  route(app, AdminRobot.audit, {
    config: { access: superAdmin, tenantExempt: 'super admin reviews the releases of every organisation' },
  }, async (req) => {
    await auditRelease(deps, caller(req), req.body.id, req.body.status, req.body.reason);
    return ok(null, MSG.done);
  });
};
