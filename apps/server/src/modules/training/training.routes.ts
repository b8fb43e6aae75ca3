import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import { TRAIN_MSG } from '@xueban/contract/training';
import { TrainAttempt, TrainScenario } from '@xueban/contract/calls/training';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { listScenarios, publishScenario, removeScenario, saveScenario, scenarioDetail, scenarioResults } from './scenarios.service.ts';
import { attemptDetail, myAttempts, redoDebrief, replyAttempt, startAttempt } from './attempts.service.ts';

const probe = (resource: 'trainingScenario' | 'trainingAttempt' | 'robot', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);

/** 训练中心 (issue 20): scenarios (setup by a robot's creator or a teacher), practice and free talk, results. */
export const trainingRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  const deps = app.deps;

  // ── Scenarios ──
  route(app, TrainScenario.lists, { config: { access: 'user', tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await listScenarios(db, caller(req), req.query.robot_id)));
  route(app, TrainScenario.detail, { config: { access: 'user', tenant: probe('trainingScenario', 'id', 'query') } },
    async (req) => ok(await scenarioDetail(deps, caller(req), req.query.id)));
  route(app, TrainScenario.save, { config: { access: manageAccess, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await saveScenario(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));
  route(app, TrainScenario.publish, { config: { access: manageAccess, tenant: probe('trainingScenario', 'id') } },
    async (req) => ok(await publishScenario(db, caller(req), req.body.id, req.body.publish === 1), req.body.publish === 1 ? TRAIN_MSG.published : TRAIN_MSG.unpublished));
  route(app, TrainScenario.delete, { config: { access: manageAccess, tenant: probe('trainingScenario', 'id') } }, async (req) => {
    await removeScenario(db, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });
  route(app, TrainScenario.results, { config: { access: manageAccess, tenant: probe('trainingScenario', 'id', 'query') } },
    async (req) => ok(await scenarioResults(db, caller(req), req.query.id)));

  // ── Attempts (the learner's own) ──
  route(app, TrainAttempt.start, { config: { access: 'user', tenant: probe('trainingScenario', 'scenario_id') } },
    async (req) => ok(await startAttempt(deps, caller(req), req.body.scenario_id, req.body.mode)));
  route(app, TrainAttempt.reply, { config: { access: 'user', tenant: probe('trainingAttempt', 'id') } },
    async (req) => ok(await replyAttempt(deps, caller(req), req.body.id, req.body.content, req.log)));
  route(app, TrainAttempt.debrief, { config: { access: 'user', tenant: probe('trainingAttempt', 'id') } },
    async (req) => ok(await redoDebrief(deps, caller(req), req.body.id, req.log)));
  route(app, TrainAttempt.mine, { config: { access: 'user', tenant: probe('trainingScenario', 'scenario_id', 'query') } },
    async (req) => ok(await myAttempts(deps, caller(req), req.query.scenario_id)));
  route(app, TrainAttempt.detail, { config: { access: 'user', tenant: probe('trainingAttempt', 'id', 'query') } },
    async (req) => ok(await attemptDetail(deps, caller(req), req.query.id)));
};
