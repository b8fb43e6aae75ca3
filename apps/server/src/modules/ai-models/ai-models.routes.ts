import type { FastifyPluginAsync } from 'fastify';
import { AdminAiKey, AdminAiModel, Robot } from '@xueban/contract/calls/ai-models';
import { Chat } from '@xueban/contract/calls/chat';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { deleteProvider, listProviders, saveProvider, testProvider } from './providers.service.ts';
import { deleteModel, listModels, saveModel, setDefaultModel } from './models.service.ts';
import { chatModelInfo, getRobotModel, setRobotModel } from './robot-model.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] };
const platformWide = 'AI providers and models are platform-wide, managed by the super admin only';
const admin = { access: superAdmin, tenantExempt: platformWide };
const robotId = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);

/** AI 模型与密钥管理 (admin) and chat model info */
export const aiModelRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  // 密钥管理: providers (the key is only ever shown masked).
  route(app, AdminAiKey.lists, { config: { access: superAdmin } }, async () => ok(await listProviders(deps)));

  route(app, AdminAiKey.save, { config: admin },
    async (req) => ok(await saveProvider(deps, req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, AdminAiKey.delete, { config: admin }, async (req) => {
    await deleteProvider(db, req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, AdminAiKey.test, { config: { ...admin, rateLimit: { max: 30, timeWindow: 60_000 } } }, async (req) => {
    const result = await testProvider(deps, req.body.id);
    return ok(result, result.msg);
  });

  // AI 模型
  route(app, AdminAiModel.lists, { config: { access: superAdmin } }, async () => ok(await listModels(db)));

  route(app, AdminAiModel.save, { config: admin },
    async (req) => ok(await saveModel(db, req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, AdminAiModel.delete, { config: admin }, async (req) => {
    await deleteModel(db, req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, AdminAiModel.setDefault, { config: admin }, async (req) => {
    await setDefaultModel(db, req.body.id);
    return ok(null, MSG.updated);
  });

  // Per robot: its managers pick the chat and reasoning model.
  route(app, Robot.getRobotModel, { config: { access: manageAccess, tenant: robotId('id', 'query') } },
    async (req) => ok(await getRobotModel(db, caller(req), req.query.id)));

  route(app, Robot.setRobotModel, { config: { access: manageAccess, tenant: robotId('id') } }, async (req) => {
    await setRobotModel(db, caller(req), req.body);
    return ok(null, MSG.updated);
  });

  route(app, Chat.modelInfo, { config: { access: 'user', tenant: robotId('id', 'query') } },
    async (req) => ok(await chatModelInfo(deps, caller(req), req.query.id)));
};
