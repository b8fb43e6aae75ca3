import type { FastifyPluginAsync } from 'fastify';
import { SafetyFlag } from '@xueban/contract/calls/safety';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller, callerGroupId } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { handleSafetyAlert, listSafetyAlerts, safetyFilterChoices, safetyOptIn, setSafetyOptIn } from './safety.service.ts';

/** Teachers see their classes' alerts; organisation admins the whole organisation's (scope group). */
const flags = { access: { roles: [Role.TEACHER, Role.ORG_ADMIN] } };
const orgAdmin = { access: { roles: [Role.ORG_ADMIN] } };

/** 安全预警 (issue 28): the flags pages of the teacher console and of the organisation back office. */
export const safetyRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, SafetyFlag.lists, { config: { ...flags, tenant: { resource: 'team', field: 'team_id', in: 'query' } } },
    async (req) => ok(await listSafetyAlerts(db, caller(req), req.query)));
  route(app, SafetyFlag.filters, { config: flags }, async (req) => ok(await safetyFilterChoices(db, caller(req), req.query.scope)));
  route(app, SafetyFlag.handle, { config: { ...flags, tenant: { resource: 'safetyAlert', field: 'id', in: 'body' } } },
    async (req) => ok(await handleSafetyAlert(db, caller(req), req.body.id, req.body.note), MSG.safetyHandled));
  route(app, SafetyFlag.optIn, { config: orgAdmin }, async (req) => {
    callerGroupId(req);
    return ok(await safetyOptIn(db, caller(req)));
  });
  route(app, SafetyFlag.setOptIn, { config: orgAdmin },
    async (req) => {
      callerGroupId(req); // the opt-in is per organisation
      return ok(await setSafetyOptIn(db, caller(req), req.body.enabled), MSG.safetyOptInSaved);
    });
};
