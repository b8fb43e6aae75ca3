import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@xueban/contract/messages';
import { memberListQuery, robotIdBody, robotUserBody, robotsPageQuery, usedSaveBody } from '@xueban/contract/robots';
import { pageQuery } from '@xueban/contract/uc';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from './robot-access.ts';
import { addCooperator, memberList, unbindMember } from './robot-members.service.ts';
import { defaultRobot, hideRobot, saveUsed, usedList, usedOrCooperator } from './robot-used.service.ts';

const robotId = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);

/** Robot members (RobotMember) and the caller's recently used robots (RobotUsed). */
export const robotMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/api/ai/RobotMember/lists', {
    schema: { tags: ['RobotMember'], summary: '机器人成员列表', querystring: memberListQuery },
    config: { access: manageAccess, tenant: robotId('robot_id', 'query') },
  }, async (req) => ok(await memberList(deps, caller(req), req.query.robot_id, req.query)));

  app.post('/api/ai/RobotMember/addRobotUser', {
    schema: { tags: ['RobotMember'], summary: '添加协作者', body: robotUserBody },
    config: { access: manageAccess, tenant: robotId('robot_id') },
  }, async (req) => ok(await addCooperator(deps, caller(req), req.body.robot_id, req.body.uid), MSG.done));

  app.post('/api/ai/RobotMember/unbindMember', {
    schema: { tags: ['RobotMember'], summary: '移除成员', body: robotUserBody },
    config: { access: manageAccess, tenant: robotId('robot_id') },
  }, async (req) => {
    await unbindMember(deps, caller(req), req.body.robot_id, req.body.uid);
    return ok(null, MSG.deleted);
  });

  app.post('/api/ai/RobotUsed/save', {
    schema: { tags: ['RobotUsed'], summary: '标记最近使用', body: usedSaveBody },
    config: { access: 'user', tenant: robotId('id') },
  }, async (req) => ok(await saveUsed(deps, caller(req), req.body.id, req.body.is_talk === 1)));

  app.get('/api/ai/RobotUsed/lists', {
    schema: { tags: ['RobotUsed'], summary: '最近使用的机器人', querystring: robotsPageQuery },
    config: { access: 'user' },
  }, async (req) => ok(await usedList(deps, caller(req), req.query)));

  app.get('/api/ai/RobotUsed/usedOrCooperator', {
    schema: { tags: ['RobotUsed'], summary: '使用过或协作的机器人', querystring: pageQuery },
    config: { access: 'user' },
  }, async (req) => ok(await usedOrCooperator(deps, caller(req), req.query)));

  app.get('/api/ai/RobotUsed/defaultRobot', {
    schema: { tags: ['RobotUsed'], summary: '默认打开的机器人', querystring: z.object({}) },
    config: { access: 'user' },
  }, async (req) => ok(await defaultRobot(deps, caller(req))));

  app.post('/api/ai/Robot/hideRobot', {
    schema: { tags: ['RobotUsed'], summary: '从最近使用中移除机器人', body: robotIdBody },
    config: { access: 'user', tenant: robotId('id') },
  }, async (req) => {
    await hideRobot(deps, caller(req), req.body.id);
    return ok(null, MSG.done);
  });
};
