import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import {
  copyRobotBody, joinRobotBody, robotDesignQuery, robotDetailQuery, robotIdBody, robotListQuery, robotSettingBody,
  saveRobotBody, updateConfigBody, updateExtraBody,
} from '@xueban/contract/robots';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { listIndustries, listScenes } from './catalogue.ts';
import { manageAccess } from './robot-access.ts';
import { copyRobot } from './robot-copy.service.ts';
import { joinRobot } from './robot-members.service.ts';
import {
  designInfo, listRobots, removeRobot, robotDetail, robotStats, saveRobot, updateConfigData, updateExtraInfo,
  updateSetting, viewCount,
} from './robots.service.ts';

const robotId = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);
const tags = ['Robot'];

export const robotRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  // Catalogues: industries (template library tabs) and scenes.
  app.get('/api/uc/Tool/getCategoryList', {
    schema: { tags, summary: '行业分类', querystring: z.object({}) },
    config: { access: 'user' },
  }, async () => ok(await listIndustries(db)));

  app.get('/api/ai/robot/getRobotCategoryList', {
    schema: { tags, summary: '机器人行业分类', querystring: z.object({}) },
    config: { access: 'user' },
  }, async () => ok(await listIndustries(db)));

  app.get('/api/ai/Robot/getRobotScenes', {
    schema: { tags, summary: '机器人场景', querystring: z.object({}) },
    config: { access: 'user' },
  }, async () => ok(await listScenes(db)));

  app.get('/api/ai/Robot/lists', {
    schema: { tags, summary: '机器人列表（我的 / 广场 / 模板库）', querystring: robotListQuery },
    config: { access: 'user', tenantExempt: 'scene_id and industry_id name platform-wide catalogues; rows are scoped by fetch_type' },
  }, async (req) => ok(await listRobots(deps, caller(req), req.query)));

  app.get('/api/ai/Robot/detail', {
    schema: { tags, summary: '机器人详情', querystring: robotDetailQuery },
    config: { access: 'user', tenant: robotId('id', 'query') },
  }, async (req) => ok(await robotDetail(deps, caller(req), req.query.id, req.query)));

  app.post('/api/ai/Robot/viewCount', {
    schema: { tags, summary: '机器人查看次数 +1', body: robotIdBody },
    config: { access: 'user', tenant: robotId('id') },
  }, async (req) => ok(await viewCount(deps, caller(req), req.body.id)));

  app.post('/api/ai/Robot/joinRobot', {
    schema: { tags, summary: '加入机器人', body: joinRobotBody },
    config: { access: 'user', tenant: robotId('robot_id') },
  }, async (req) => ok(await joinRobot(deps, caller(req), req.body.robot_id, req.body.role, req.body.uid), MSG.joined));

  app.post('/api/ai/Robot/copyClassRobot', {
    schema: { tags, summary: '复制机器人（source 2：教师入驻）', body: copyRobotBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await copyRobot(deps, caller(req), req.body), MSG.copied));

  // Management (robot manage: design, data, release, settings).
  app.post('/api/ai/Robot/saveRobot', {
    schema: { tags, summary: '创建或修改机器人', body: saveRobotBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await saveRobot(deps, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.get('/api/ai/Robot/getRobotDesignInfo', {
    schema: { tags, summary: '机器人管理详情', querystring: robotDesignQuery },
    config: { access: manageAccess, tenant: robotId('id', 'query') },
  }, async (req) => ok(await designInfo(deps, caller(req), req.query.id, req.query)));

  app.post('/api/ai/Robot/updateRobotExtraInfo', {
    schema: { tags, summary: '修改封面、能力介绍、使用方式', body: updateExtraBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await updateExtraInfo(deps, caller(req), req.body.id, req.body.extra), MSG.updated));

  app.post('/api/ai/Robot/updateRobotConfigData', {
    schema: { tags, summary: '修改开场白与推荐问题', body: updateConfigBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await updateConfigData(deps, caller(req), req.body.id, req.body.config.onboarding_info), MSG.updated));

  app.post('/api/ai/Robot/updateRobotSetting', {
    schema: { tags, summary: '机器人设置：上架/下架、停用、关闭、公开范围', body: robotSettingBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await updateSetting(deps, caller(req), req.body.id, req.body), MSG.updated));

  app.post('/api/ai/Robot/delete', {
    schema: { tags, summary: '删除机器人', body: robotIdBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => {
    await removeRobot(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  app.get('/api/ai/Robot/stats', {
    schema: { tags, summary: '机器人数据统计', querystring: z.object({ id: robotIdBody.shape.id }) },
    config: { access: manageAccess, tenant: robotId('id', 'query') },
  }, async (req) => ok(await robotStats(deps, caller(req), req.query.id)));
};
