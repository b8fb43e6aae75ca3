import type { FastifyPluginAsync } from 'fastify';
import { Aigc, Groups, User } from '@xueban/contract/calls/uc';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE, Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { buildUserInfo } from '../users/user-info.ts';
import { listMembers } from './groups.repo.ts';
import {
  createGroup, createInvite, inviteInfo, joinGroup, removeGroupMember, setMemberRoles, setVip, switchGroup,
  updateCurrentGroup,
} from './groups.service.ts';
import { actorOf } from './org-manage.service.ts';

const orgAdmin = { roles: ADMIN_ROLE_ABOVE };

export const groupRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, User.setCurrentGroup, {
    config: { access: 'user', tenant: { resource: 'group', field: 'group_id', in: 'body' } },
  }, async (req) => {
    const me = caller(req);
    await switchGroup(deps, me, req.body.group_id);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.done);
  });

  route(app, Aigc.changeOrg, {
    config: { access: 'user', tenant: { resource: 'group', field: 'group_id', in: 'query' } },
  }, async (req) => {
    const me = caller(req);
    await switchGroup(deps, me, req.query.group_id);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.done);
  });

  route(app, User.getUserInviteInfo, {
    config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => ok(await inviteInfo(deps, caller(req), req.query.code, req.query.expire_time)));

  route(app, Groups.join, {
    config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => ok(await joinGroup(deps, caller(req), req.body.invite_code, req.body.expire_time), MSG.joined));

  route(app, Groups.save, {
    config: { access: 'user', tenant: { resource: 'group', field: 'pid', in: 'body' } },
  }, async (req) => ok(await createGroup(deps, caller(req), req.body.name, req.body.pid), MSG.created));

  route(app, Groups.update, { config: { access: orgAdmin } }, async (req) => {
    await updateCurrentGroup(deps, caller(req), await actorOf(deps, req), req.body);
    return ok(null, MSG.updated);
  });

  route(app, Groups.createInvite, { config: { access: orgAdmin } },
    async (req) => ok(await createInvite(deps, caller(req), await actorOf(deps, req), req.body.expire_days, req.body.role), MSG.created));

  route(app, Groups.members, { config: { access: orgAdmin } }, async (req) => {
    const { limit, offset } = resolvePage(req.query);
    const { total, rows } = await listMembers(deps.db, caller(req).groupId, limit, offset);
    return ok(pageOf(req.query, total, rows.map((r) => ({ ...r, join_time: Math.floor(r.join_time.getTime() / 1000) }))));
  });

  route(app, Groups.setMemberRoles, {
    config: { access: orgAdmin, tenant: { resource: 'user', field: 'uid', in: 'body' } },
  }, async (req) => {
    await setMemberRoles(deps, caller(req), await actorOf(deps, req), req.body.uid, req.body.roles);
    return ok(null, MSG.updated);
  });

  route(app, Groups.removeMember, {
    config: { access: orgAdmin, tenant: { resource: 'user', field: 'uid', in: 'body' } },
  }, async (req) => {
    await removeGroupMember(deps, caller(req), await actorOf(deps, req), req.body.uid);
    return ok(null, MSG.deleted);
  });

  route(app, Groups.setVip, {
    config: { access: { roles: [Role.SUPER_ADMIN] }, tenantExempt: 'super admin manages every organisation' },
  }, async (req) => {
    await setVip(deps, req.body.group_id, req.body.vip_level, req.body.vip_end_time);
    return ok(null, MSG.updated);
  });
};
