import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { idBody, modelSaveBody, providerSaveBody, robotModelBody } from '@xueban/contract/ai-models';
import { modelInfoQuery } from '@xueban/contract/chat';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { deleteProvider, listProviders, saveProvider, testProvider } from './providers.service.ts';
import { deleteModel, listModels, saveModel, setDefaultModel } from './models.service.ts';
import { chatModelInfo, getRobotModel, setRobotModel } from './robot-model.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] };
const platformWide = 'AI providers and models are platform-wide, managed by the super admin only';
const admin = { access: superAdmin, tenantExempt: platformWide };
const robotId = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);
const noQuery = z.object({});

/** AI 模型与密钥管理 (admin) and chat model info */
export const aiModelRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  // 密钥管理: providers (the key is only ever shown masked).
  app.get('/api/ai/admin.AiKey/lists', {
    schema: { tags: ['AiKey'], summary: '密钥列表', querystring: noQuery },
    config: { access: superAdmin },
  }, async () => ok(await listProviders(deps)));

  app.post('/api/ai/admin.AiKey/save', {
    schema: { tags: ['AiKey'], summary: '新增或修改密钥', body: providerSaveBody },
    config: admin,
  }, async (req) => ok(await saveProvider(deps, req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/admin.AiKey/delete', {
    schema: { tags: ['AiKey'], summary: '删除密钥（连同其模型）', body: idBody },
    config: admin,
  }, async (req) => {
    await deleteProvider(db, req.body.id);
    return ok(null, MSG.deleted);
  });

  app.post('/api/ai/admin.AiKey/test', {
    schema: { tags: ['AiKey'], summary: '测试连接（GET {base_url}/models）', body: idBody },
    config: { ...admin, rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => {
    const result = await testProvider(deps, req.body.id);
    return ok(result, result.msg);
  });

  // AI 模型
  app.get('/api/ai/admin.AiModel/lists', {
    schema: { tags: ['AiModel'], summary: '模型列表', querystring: noQuery },
    config: { access: superAdmin },
  }, async () => ok(await listModels(db)));

  app.post('/api/ai/admin.AiModel/save', {
    schema: { tags: ['AiModel'], summary: '新增或修改模型', body: modelSaveBody },
    config: admin,
  }, async (req) => ok(await saveModel(db, req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/admin.AiModel/delete', {
    schema: { tags: ['AiModel'], summary: '删除模型', body: idBody },
    config: admin,
  }, async (req) => {
    await deleteModel(db, req.body.id);
    return ok(null, MSG.deleted);
  });

  app.post('/api/ai/admin.AiModel/setDefault', {
    schema: { tags: ['AiModel'], summary: '设为默认模型', body: idBody },
    config: admin,
  }, async (req) => {
    await setDefaultModel(db, req.body.id);
    return ok(null, MSG.updated);
  });

  // Per robot: its managers pick the chat and reasoning model.
  app.get('/api/ai/Robot/getRobotModel', {
    schema: { tags: ['Robot'], summary: '机器人的模型', querystring: idBody },
    config: { access: manageAccess, tenant: robotId('id', 'query') },
  }, async (req) => ok(await getRobotModel(db, caller(req), req.query.id)));

  app.post('/api/ai/Robot/setRobotModel', {
    schema: { tags: ['Robot'], summary: '设置机器人的对话与深度思考模型', body: robotModelBody },
    config: { access: manageAccess, tenant: robotId('id') },
  }, async (req) => {
    await setRobotModel(db, caller(req), req.body);
    return ok(null, MSG.updated);
  });

  app.get('/api/ai/Chat/modelInfo', {
    schema: { tags: ['Chat'], summary: '对话模型信息', querystring: modelInfoQuery },
    config: { access: 'user', tenant: robotId('id', 'query') },
  }, async (req) => ok(await chatModelInfo(deps, caller(req), req.query.id)));
};
