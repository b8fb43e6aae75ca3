import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackBody } from '@xueban/contract/platform';
import { pageQuery } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { listFeedback, sendFeedback } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post('/sendFeedBack', {
    schema: { tags: ['Tool'], summary: '提交反馈', body: feedbackBody },
    config: { access: 'user', rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
  }, async (req) => ok(await sendFeedback(db, caller(req), req.body), MSG.done));

  app.get('/feedbackLists', {
    schema: { tags: ['Tool'], summary: '反馈列表（管理员）', querystring: pageQuery },
    config: { access: { roles: ADMIN_ROLE_ABOVE } },
  }, async (req) => ok(await listFeedback(db, caller(req), req.query)));
};
