import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import {
  addTeamMembersBody, changeTeamRoleBody, checkTeamNameQuery, joinTeamBody, operateInviteBody, saveTeamBody, teamIdBody,
  teamInviteQuery, teamListQuery, teamMemberBody, teamMembersQuery,
} from '@xueban/contract/robots';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { checkInvite, joinTeamByCode, operateInvite } from './team-invites.service.ts';
import {
  addTeamMembers, changeTeamRole, checkTeamName, leaveTeam, removeTeam, removeTeamMember, saveTeam, teamList, teamMemberList,
} from './teams.service.ts';

const robot = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);
const team = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'team', field, in: where } as const);
const tags = ['RobotTeam'];
/**
 * Invite-code guessing is limited per account (not per address: a class joins from one school
 * address at once); the checksum already rejects nearly every guess before a lookup.
 */
const inviteLimit = {
  max: 30, timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : req.ip),
};

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/api/ai/RobotTeam/checkRobotTeamName', {
    schema: { tags, summary: '检查团队名称', querystring: checkTeamNameQuery },
    config: { access: manageAccess, tenant: robot('robot_id', 'query') },
  }, async (req) => ok(await checkTeamName(deps, caller(req), req.query.title, req.query.robot_id, req.query.id), MSG.done));

  app.post('/api/ai/RobotTeam/save', {
    schema: { tags, summary: '创建或修改团队', body: saveTeamBody },
    config: { access: manageAccess, tenant: robot('robot_id') },
  }, async (req) => ok(await saveTeam(deps, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.get('/api/ai/RobotTeam/lists', {
    schema: { tags, summary: '机器人的团队列表', querystring: teamListQuery },
    config: { access: manageAccess, tenant: robot('robot_id', 'query') },
  }, async (req) => ok(await teamList(deps, caller(req), req.query.robot_id, req.query)));

  app.get('/api/ai/RobotTeam/members', {
    schema: { tags, summary: '团队成员列表', querystring: teamMembersQuery },
    config: { access: manageAccess, tenant: team('id', 'query') },
  }, async (req) => ok(await teamMemberList(deps, caller(req), req.query.id, req.query)));

  app.post('/api/ai/RobotTeam/addMember', {
    schema: { tags, summary: '添加团队成员', body: addTeamMembersBody },
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => ok(await addTeamMembers(deps, caller(req), req.body.id, req.body.users), MSG.done));

  app.post('/api/ai/RobotTeam/removeMember', {
    schema: { tags, summary: '移除团队成员', body: teamMemberBody },
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => {
    await removeTeamMember(deps, caller(req), req.body.id, req.body.uid);
    return ok(null, MSG.deleted);
  });

  app.post('/api/ai/RobotTeam/changeRole', {
    schema: { tags, summary: '修改团队成员角色', body: changeTeamRoleBody },
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => {
    await changeTeamRole(deps, caller(req), req.body.id, req.body.uid, req.body.role);
    return ok(null, MSG.updated);
  });

  app.post('/api/ai/RobotTeam/delete', {
    schema: { tags, summary: '删除团队', body: teamIdBody },
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => {
    await removeTeam(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  app.post('/api/ai/RobotTeam/leave', {
    schema: { tags, summary: '退出团队', body: teamIdBody },
    config: { access: 'user', tenant: team('id') },
  }, async (req) => {
    await leaveTeam(deps, caller(req), req.body.id);
    return ok(null, MSG.done);
  });

  app.get('/api/ai/RobotTeam/checkRobotTeamInvite', {
    schema: { tags, summary: '团队邀请信息（依次检查下架、停用、已加入、其他团队）', querystring: teamInviteQuery },
    config: { access: 'user', rateLimit: inviteLimit },
  }, async (req) => ok(await checkInvite(deps, caller(req), req.query.invite_code), MSG.confirmJoinRobot));

  app.post('/api/ai/RobotTeam/operateInviteAction', {
    schema: { tags, summary: '接受或拒绝团队邀请', body: operateInviteBody },
    config: { access: 'user', rateLimit: inviteLimit },
  }, async (req) => {
    const result = await operateInvite(deps, caller(req), req.body.invite_code, req.body.action);
    return ok(result, result.joined ? MSG.joined : MSG.done);
  });

  app.post('/api/ai/RobotTeam/joinTeam', {
    schema: { tags, summary: '通过邀请码加入团队', body: joinTeamBody },
    config: { access: 'user', tenant: team('team_id'), rateLimit: inviteLimit },
  }, async (req) => ok(await joinTeamByCode(deps, caller(req), req.body.team_id, req.body.invite_code), MSG.joined));
};
