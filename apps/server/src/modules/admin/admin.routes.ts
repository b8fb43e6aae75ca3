import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AdminGroup, AdminMarking, AdminRobots, AdminStats, AdminUser } from '@xueban/contract/calls/admin';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE, Role } from '@xueban/contract/roles';
import type { Db } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { requestActor } from '../audit/audit.service.ts';
import {
  addMemberByAccount, createOrg, memberList, moveUser, orgList, resetUserPassword, setMemberRolesIn, setUserStatus,
  updateOrg, userList,
} from './admin-orgs.service.ts';
import { markingRobots, overview, robotDelete, robotHandle, robotList } from './admin-robots.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'super admin manages every organisation and account';
/** Robots: the super admin (all, or scope=group for their own) or an organisation admin (their own only). */
const robotAdmins = { roles: ADMIN_ROLE_ABOVE } as const;

const actorOf = (db: Db, req: FastifyRequest) => requestActor(db, req);

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, AdminGroup.lists, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => ok(await orgList(db, req.query)));
  route(app, AdminGroup.save, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await createOrg(db, await actorOf(db, req), req.body.name, req.body.pid), MSG.created));
  route(app, AdminGroup.rename, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await updateOrg(db, await actorOf(db, req), req.body.group_id, 'group.rename', { name: req.body.name }), MSG.updated));
  route(app, AdminGroup.setTier, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    const { group_id, vip_level, vip_end_time } = req.body;
    const end = vip_end_time ? new Date(vip_end_time * 1000) : null;
    return ok(await updateOrg(db, await actorOf(db, req), group_id, 'group.tier', { vipLevel: vip_level, vipEndTime: end }), MSG.updated);
  });
  route(app, AdminGroup.setStatus, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await updateOrg(db, await actorOf(db, req), req.body.group_id, 'group.status', { status: req.body.status }), MSG.updated));
  route(app, AdminGroup.members, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await memberList(db, req.query.group_id, req.query)));
  route(app, AdminGroup.addMember, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await addMemberByAccount(db, await actorOf(db, req), req.body.group_id, req.body.account, req.body.roles);
    return ok(null, MSG.created);
  });
  route(app, AdminGroup.setMemberRoles, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await setMemberRolesIn(db, await actorOf(db, req), req.body.group_id, req.body.uid, req.body.roles);
    return ok(null, MSG.updated);
  });
  route(app, AdminGroup.moveUser, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await moveUser(db, await actorOf(db, req), req.body.uid, req.body.from_group_id, req.body.to_group_id);
    return ok(null, MSG.updated);
  });

  route(app, AdminUser.lists, { config: { access: superAdmin } }, async (req) => ok(await userList(db, req.query)));
  route(app, AdminUser.setStatus, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await setUserStatus(db, await actorOf(db, req), req.body.uid, req.body.status);
    return ok(null, MSG.updated);
  });
  route(app, AdminUser.resetPassword, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await resetUserPassword(db, await actorOf(db, req), req.body.uid, req.body.password);
    return ok(null, MSG.updated);
  });

  route(app, AdminStats.overview, { config: { access: superAdmin } }, async (req) => ok(await overview(db, req.query.days)));
  route(app, AdminMarking.robotList, { config: { access: superAdmin } }, async () => ok(await markingRobots(db)));

  route(app, AdminRobots.lists, {
    config: { access: robotAdmins, tenant: { resource: 'group', field: 'group_id', in: 'query' } },
  }, async (req) => ok(await robotList(db, caller(req), req.query)));
  route(app, AdminRobots.handles, {
    config: { access: robotAdmins, tenant: { resource: 'robot', field: 'id', in: 'body' } },
  }, async (req) => ok(await robotHandle(db, caller(req), await actorOf(db, req), req.body.id, req.body.action, req.body.scope), MSG.done));
  route(app, AdminRobots.delete, {
    config: { access: robotAdmins, tenant: { resource: 'robot', field: 'id', in: 'body' } },
  }, async (req) => {
    await robotDelete(db, caller(req), await actorOf(db, req), req.body.id, req.body.scope);
    return ok(null, MSG.deleted);
  });
};
