import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { RobotTeam } from '@xueban/contract/calls/robots';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { checkInvite, joinTeamByCode, operateInvite } from './team-invites.service.ts';
import {
  addTeamMembers, changeTeamRole, checkTeamName, leaveTeam, removeTeam, removeTeamMember, saveTeam, teamList, teamMemberList,
} from './teams.service.ts';

const robot = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);
const team = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'team', field, in: where } as const);
/**
 * Invite-code guessing is limited per account (not per address: a class joins from one school
 * address at once); the checksum already rejects nearly every guess before a lookup.
 */
const inviteLimit = {
  max: 30, timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : req.ip),
};

export const teamRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, RobotTeam.checkRobotTeamName, {
    config: { access: manageAccess, tenant: robot('robot_id', 'query') },
  }, async (req) => ok(await checkTeamName(deps, caller(req), req.query.title, req.query.robot_id, req.query.id), MSG.done));

  route(app, RobotTeam.save, {
    config: { access: manageAccess, tenant: robot('robot_id') },
  }, async (req) => ok(await saveTeam(deps, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, RobotTeam.lists, {
    config: { access: manageAccess, tenant: robot('robot_id', 'query') },
  }, async (req) => ok(await teamList(deps, caller(req), req.query.robot_id, req.query)));

  route(app, RobotTeam.members, {
    config: { access: manageAccess, tenant: team('id', 'query') },
  }, async (req) => ok(await teamMemberList(deps, caller(req), req.query.id, req.query)));

  route(app, RobotTeam.addMember, {
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => ok(await addTeamMembers(deps, caller(req), req.body.id, req.body.users), MSG.done));

  route(app, RobotTeam.removeMember, {
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => {
    await removeTeamMember(deps, caller(req), req.body.id, req.body.uid);
    return ok(null, MSG.deleted);
  });

  route(app, RobotTeam.changeRole, {
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => {
    await changeTeamRole(deps, caller(req), req.body.id, req.body.uid, req.body.role);
    return ok(null, MSG.updated);
  });

  route(app, RobotTeam.delete, {
    config: { access: manageAccess, tenant: team('id') },
  }, async (req) => {
    await removeTeam(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, RobotTeam.leave, {
    config: { access: 'user', tenant: team('id') },
  }, async (req) => {
    await leaveTeam(deps, caller(req), req.body.id);
    return ok(null, MSG.done);
  });

  route(app, RobotTeam.checkRobotTeamInvite, {
    config: { access: 'user', rateLimit: inviteLimit },
  }, async (req) => ok(await checkInvite(deps, caller(req), req.query.invite_code), MSG.confirmJoinRobot));

  route(app, RobotTeam.operateInviteAction, {
    config: { access: 'user', rateLimit: inviteLimit },
  }, async (req) => {
    const result = await operateInvite(deps, caller(req), req.body.invite_code, req.body.action);
    return ok(result, result.joined ? MSG.joined : MSG.done);
  });

  route(app, RobotTeam.joinTeam, {
    config: { access: 'user', tenant: team('team_id'), rateLimit: inviteLimit },
  }, async (req) => ok(await joinTeamByCode(deps, caller(req), req.body.team_id, req.body.invite_code), MSG.joined));
};
