import type { FastifyPluginAsync } from 'fastify';
import { Onboarding } from '@xueban/contract/calls/platform';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { checklist, dismissChecklist } from './onboarding.service.ts';

/** The super admin and organisation admins: the ones a new install's checklist speaks to. */
const admins = { roles: ADMIN_ROLE_ABOVE };

export const onboardingRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  route(app, Onboarding.checklist, { config: { access: admins } }, async (req) => ok(await checklist(db, caller(req))));
  route(app, Onboarding.dismiss, { config: { access: admins } }, async (req) => {
    await dismissChecklist(db, caller(req));
    return ok(null);
  });
};
