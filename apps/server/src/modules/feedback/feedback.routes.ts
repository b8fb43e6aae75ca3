import type { FastifyPluginAsync } from 'fastify';
import { Tool } from '@xueban/contract/calls/platform';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { listFeedback, sendFeedback } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, Tool.sendFeedBack, { config: { access: 'user', rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
    async (req) => ok(await sendFeedback(db, caller(req), req.body), MSG.done));

  route(app, Tool.feedbackLists, { config: { access: { roles: ADMIN_ROLE_ABOVE } } },
    async (req) => ok(await listFeedback(db, caller(req), req.query)));
};
