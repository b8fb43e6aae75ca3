import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroupBody, createInviteBody, idSchema, inviteQuery, joinGroupBody, memberBody, memberRolesBody,
  pageQuery, setCurrentGroupBody, setVipBody, updateGroupBody,
} from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE, Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { buildUserInfo } from '../users/user-info.ts';
import { listMembers } from './groups.repo.ts';
import {
  createGroup, createInvite, inviteInfo, joinGroup, removeGroupMember, setMemberRoles, setVip, switchGroup,
  updateCurrentGroup,
} from './groups.service.ts';

const orgAdmin = { roles: ADMIN_ROLE_ABOVE };

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post('/api/uc/User/setCurrentGroup', {
    schema: { tags: ['groups'], summary: '切换当前组织', body: setCurrentGroupBody },
    config: { access: 'user', tenant: { resource: 'group', field: 'group_id', in: 'body' } },
  }, async (req) => {
    const me = caller(req);
    await switchGroup(deps, me, req.body.group_id);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.done);
  });

  app.get('/api/aigc/changeOrg', {
    schema: { tags: ['groups'], summary: '切换组织', querystring: z.object({ group_id: idSchema }) },
    config: { access: 'user', tenant: { resource: 'group', field: 'group_id', in: 'query' } },
  }, async (req) => {
    const me = caller(req);
    await switchGroup(deps, me, req.query.group_id);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.done);
  });

  app.get('/api/uc/User/getUserInviteInfo', {
    schema: { tags: ['groups'], summary: '组织邀请链接信息', querystring: inviteQuery },
    config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => ok(await inviteInfo(deps, caller(req), req.query.code, req.query.expire_time)));

  app.post('/api/uc/groups/join', {
    schema: { tags: ['groups'], summary: '通过邀请链接加入组织', body: joinGroupBody },
    config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => ok(await joinGroup(deps, caller(req), req.body.invite_code, req.body.expire_time), MSG.joined));

  app.post('/api/uc/groups/save', {
    schema: { tags: ['groups'], summary: '创建组织（或子组织）', body: createGroupBody },
    config: { access: 'user', tenant: { resource: 'group', field: 'pid', in: 'body' } },
  }, async (req) => ok(await createGroup(deps, caller(req), req.body.name, req.body.pid), MSG.created));

  app.post('/api/uc/groups/update', {
    schema: { tags: ['groups'], summary: '修改当前组织', body: updateGroupBody },
    config: { access: orgAdmin },
  }, async (req) => {
    await updateCurrentGroup(deps, caller(req), req.body);
    return ok(null, MSG.updated);
  });

  app.post('/api/uc/groups/createInvite', {
    schema: { tags: ['groups'], summary: '生成组织邀请链接', body: createInviteBody },
    config: { access: orgAdmin },
  }, async (req) => ok(await createInvite(deps, caller(req), req.body.expire_days, req.body.role), MSG.created));

  app.get('/api/uc/groups/members', {
    schema: { tags: ['groups'], summary: '组织成员列表', querystring: pageQuery },
    config: { access: orgAdmin },
  }, async (req) => {
    const { limit, offset } = resolvePage(req.query);
    const { total, rows } = await listMembers(deps.db, caller(req).groupId, limit, offset);
    return ok(pageOf(req.query, total, rows.map((r) => ({ ...r, join_time: Math.floor(r.join_time.getTime() / 1000) }))));
  });

  app.post('/api/uc/groups/setMemberRoles', {
    schema: { tags: ['groups'], summary: '设置成员角色', body: memberRolesBody },
    config: { access: orgAdmin, tenant: { resource: 'user', field: 'uid', in: 'body' } },
  }, async (req) => {
    await setMemberRoles(deps, caller(req), req.body.uid, req.body.roles);
    return ok(null, MSG.updated);
  });

  app.post('/api/uc/groups/removeMember', {
    schema: { tags: ['groups'], summary: '移除成员', body: memberBody },
    config: { access: orgAdmin, tenant: { resource: 'user', field: 'uid', in: 'body' } },
  }, async (req) => {
    await removeGroupMember(deps, caller(req), req.body.uid);
    return ok(null, MSG.deleted);
  });

  app.post('/api/uc/groups/setVip', {
    schema: { tags: ['groups'], summary: '设置组织服务等级（超级管理员）', body: setVipBody },
    config: { access: { roles: [Role.SUPER_ADMIN] }, tenantExempt: 'super admin manages every organisation' },
  }, async (req) => {
    await setVip(deps, req.body.group_id, req.body.vip_level, req.body.vip_end_time);
    return ok(null, MSG.updated);
  });
};
