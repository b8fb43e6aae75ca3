import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { num } from '@xueban/contract/number';
import { applyDeveloperBody, auditApplyBody, pageQuery } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { applyDeveloper, auditApply, latestApply, listApplies } from './developers.service.ts';

export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post('/applyDeveloper', {
    schema: { tags: ['User'], summary: '申请成为创作者', body: applyDeveloperBody },
    config: { access: 'user' },
  }, async (req) => ok(await applyDeveloper(deps, caller(req), req.body.reason ?? ''), MSG.applyPending));

  app.get('/getUserDeveloperApply', {
    schema: { tags: ['User'], summary: '我的创作者申请', querystring: z.object({}) },
    config: { access: 'user' },
  }, async (req) => ok(await latestApply(deps, caller(req))));

  app.get('/developerApplyLists', {
    schema: {
      tags: ['User'], summary: '创作者申请列表（组织管理员）',
      querystring: pageQuery.extend({ status: num(z.number().int()).refine((s) => [-2, 2, 3].includes(s)).optional() }),
    },
    config: { access: { roles: ADMIN_ROLE_ABOVE } },
  }, async (req) => ok(await listApplies(deps, caller(req), req.query)));

  app.post('/auditDeveloperApply', {
    schema: { tags: ['User'], summary: '审核创作者申请', body: auditApplyBody },
    config: { access: { roles: ADMIN_ROLE_ABOVE }, tenant: { resource: 'developerApply', field: 'id', in: 'body' } },
  }, async (req) => {
    await auditApply(deps, caller(req), req.body.id, req.body.status, req.body.reason);
    return ok(null, MSG.done);
  });
};
