import type { FastifyPluginAsync } from 'fastify';
import { Robot, RobotLower, Tool } from '@xueban/contract/calls/robots';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
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

export const robotRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  // Catalogues: industries (template library tabs) and scenes.
  route(app, Tool.getCategoryList, {
    config: { access: 'user' },
  }, async () => ok(await listIndustries(db)));

  route(app, RobotLower.getRobotCategoryList, {
    config: { access: 'user' },
  }, async () => ok(await listIndustries(db)));

  route(app, Robot.getRobotScenes, {
    config: { access: 'user' },
  }, async () => ok(await listScenes(db)));

  route(app, Robot.lists, {
    config: { access: 'user', tenantExempt: 'scene_id and industry_id name platform-wide catalogues; rows are scoped by fetch_type' },
  }, async (req) => ok(await listRobots(deps, caller(req), req.query)));

  route(app, Robot.detail, {
    config: { access: 'user', tenant: robotId('id', 'query') },
  }, async (req) => ok(await robotDetail(deps, caller(req), req.query.id, req.query)));

  route(app, Robot.viewCount, {
    config: { access: 'user', tenant: robotId('id') },
  }, async (req) => ok(await viewCount(deps, caller(req), req.body.id)));

  route(app, Robot.joinRobot, {
    config: { access: 'user', tenant: robotId('robot_id') },
  }, async (req) => ok(await joinRobot(deps, caller(req), req.body.robot_id, req.body.role, req.body.uid), MSG.joined));

  route(app, Robot.copyClassRobot, {
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await copyRobot(deps, caller(req), req.body), MSG.copied));

  // Management (robot manage: design, data, release, settings).
  route(app, Robot.saveRobot, {
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await saveRobot(deps, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, Robot.getRobotDesignInfo, {
    config: { access: manageAccess, tenant: robotId('id', 'query') },
  }, async (req) => ok(await designInfo(deps, caller(req), req.query.id, req.query)));

  route(app, Robot.updateRobotExtraInfo, {
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await updateExtraInfo(deps, caller(req), req.body.id, req.body.extra), MSG.updated));

  route(app, Robot.updateRobotConfigData, {
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await updateConfigData(deps, caller(req), req.body.id, req.body.config.onboarding_info), MSG.updated));

  route(app, Robot.updateRobotSetting, {
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => ok(await updateSetting(deps, caller(req), req.body.id, req.body), MSG.updated));

  route(app, Robot.delete, {
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => {
    await removeRobot(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, Robot.stats, {
    config: { access: manageAccess, tenant: robotId('id', 'query') },
  }, async (req) => ok(await robotStats(deps, caller(req), req.query.id)));
};
