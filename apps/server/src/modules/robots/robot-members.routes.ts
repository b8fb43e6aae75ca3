import type { FastifyPluginAsync } from 'fastify';
import { Robot, RobotMember, RobotUsed } from '@xueban/contract/calls/robots';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from './robot-access.ts';
import { addCooperator, memberList, unbindMember } from './robot-members.service.ts';
import { defaultRobot, hideRobot, saveUsed, usedList, usedOrCooperator } from './robot-used.service.ts';

const robotId = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);

/** Robot members (RobotMember) and the caller's recently used robots (RobotUsed). */
export const robotMemberRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, RobotMember.lists, {
    config: { access: manageAccess, tenant: robotId('robot_id', 'query') },
  }, async (req) => ok(await memberList(deps, caller(req), req.query.robot_id, req.query)));

  route(app, RobotMember.addRobotUser, {
    config: { access: manageAccess, tenant: robotId('robot_id') },
  }, async (req) => ok(await addCooperator(deps, caller(req), req.body.robot_id, req.body.uid), MSG.done));

  route(app, RobotMember.unbindMember, {
    config: { access: manageAccess, tenant: robotId('robot_id') },
  }, async (req) => {
    await unbindMember(deps, caller(req), req.body.robot_id, req.body.uid);
    return ok(null, MSG.deleted);
  });

  route(app, RobotUsed.save, {
    config: { access: 'user', tenant: robotId('id') },
  }, async (req) => ok(await saveUsed(deps, caller(req), req.body.id, req.body.is_talk === 1)));

  route(app, RobotUsed.lists, {
    config: { access: 'user' },
  }, async (req) => ok(await usedList(deps, caller(req), req.query)));

  route(app, RobotUsed.usedOrCooperator, {
    config: { access: 'user' },
  }, async (req) => ok(await usedOrCooperator(deps, caller(req), req.query)));

  route(app, RobotUsed.defaultRobot, {
    config: { access: 'user' },
  }, async (req) => ok(await defaultRobot(deps, caller(req))));

  route(app, Robot.hideRobot, {
    config: { access: 'user', tenant: robotId('id') },
  }, async (req) => {
    await hideRobot(deps, caller(req), req.body.id);
    return ok(null, MSG.done);
  });
};
