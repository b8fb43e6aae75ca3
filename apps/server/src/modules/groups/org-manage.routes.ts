import type { FastifyPluginAsync } from 'fastify';
import { GroupManage } from '@xueban/contract/calls/org';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { ssoEnabledFor } from '../sso/sso.service.ts';
import { actorOf, addMemberByAccount, addSubGroup, invitesOf, orgSettings, revokeInvite, subGroupsOf } from './org-manage.service.ts';

/** 组织管理 of the current organisation: for org admins of every tier (trial included) and super admins. */
const orgAdmin = { roles: ADMIN_ROLE_ABOVE };

export const orgManageRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, GroupManage.info, { config: { access: orgAdmin } }, async (req) => {
    const me = caller(req);
    return ok(await orgSettings(deps, me, await ssoEnabledFor(deps.db, me.groupId)));
  });

  route(app, GroupManage.invites, { config: { access: orgAdmin } }, async (req) => {
    const { limit, offset } = resolvePage(req.query);
    const { total, rows } = await invitesOf(deps, caller(req), limit, offset);
    return ok(pageOf(req.query, total, rows));
  });

  route(app, GroupManage.revokeInvite, {
    config: { access: orgAdmin, tenant: { resource: 'groupInvite', field: 'id', in: 'body' } },
  }, async (req) => {
    await revokeInvite(deps, caller(req), await actorOf(deps, req), req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, GroupManage.subGroups, { config: { access: orgAdmin } }, async (req) => {
    const { limit, offset } = resolvePage(req.query);
    const { total, rows } = await subGroupsOf(deps, caller(req), limit, offset);
    return ok(pageOf(req.query, total, rows));
  });

  route(app, GroupManage.addSubGroup, { config: { access: orgAdmin } },
    async (req) => ok(await addSubGroup(deps, caller(req), await actorOf(deps, req), req.body.name), MSG.created));

  route(app, GroupManage.addMember, { config: { access: orgAdmin } },
    async (req) => ok(await addMemberByAccount(deps, caller(req), await actorOf(deps, req), req.body), MSG.created));
};
