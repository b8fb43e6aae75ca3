import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@xueban/contract/messages';
import { auditBody, auditListQuery, releaseBody } from '@xueban/contract/robots';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { auditList, auditRelease, cancelRelease, releaseRobot } from './releases.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] };

/** Release to the robot square or the template library, reviewed by a super admin (status -2 / 2 / 3). */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post('/api/ai/Robot/release', {
    schema: { tags: ['Release'], summary: '发布到机器人广场或模板库（待审核）', body: releaseBody },
    config: { access: manageAccess, tenant: { resource: 'robot', field: 'id', in: 'body' } },
  }, async (req) => ok(await releaseRobot(deps, caller(req), req.body.id, req.body.target), MSG.applyPending));

  app.post('/api/ai/Robot/cancelRelease', {
    schema: { tags: ['Release'], summary: '撤回发布', body: releaseBody },
    config: { access: manageAccess, tenant: { resource: 'robot', field: 'id', in: 'body' } },
  }, async (req) => {
    await cancelRelease(deps, caller(req), req.body.id, req.body.target);
    return ok(null, MSG.done);
  });

  app.get('/api/ai/admin.robot/auditLists', {
    schema: { tags: ['Release'], summary: '发布审核列表（超级管理员）', querystring: auditListQuery },
    config: { access: superAdmin },
  }, async (req) => ok(await auditList(deps, req.query)));

  app.post('/api/ai/admin.robot/audit', {
    schema: { tags: ['Release'], summary: '审核发布申请（超级管理员）', body: auditBody },
    config: { access: superAdmin, tenantExempt: 'super admin reviews the releases of every organisation' },
  }, async (req) => {
    await auditRelease(deps, caller(req), req.body.id, req.body.status, req.body.reason);
    return ok(null, MSG.done);
  });
};
