/** Calls of the AI providers and models (admin 密钥管理 / AI 模型) and a robot's model choice. See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  aiModelItemSchema, idBody, modelSaveBody, providerItemSchema, providerSaveBody, providerTestResultSchema, robotModelBody,
  robotModelInfoSchema,
} from '../ai-models.ts';
import { emptyQuery, noData } from '../uc.ts';

/** /api/ai/admin.AiKey/* */
export const AdminAiKey = defineCalls('/api/ai/admin.AiKey', {
  lists: get('密钥列表', emptyQuery, z.array(providerItemSchema)),
  save: post('新增或修改密钥', providerSaveBody, providerItemSchema),
  delete: post('删除密钥（连同其模型）', idBody, noData),
  test: post('测试连接（GET {base_url}/models）', idBody, providerTestResultSchema),
});

/** /api/ai/admin.AiModel/* */
export const AdminAiModel = defineCalls('/api/ai/admin.AiModel', {
  lists: get('模型列表', emptyQuery, z.array(aiModelItemSchema)),
  save: post('新增或修改模型', modelSaveBody, aiModelItemSchema),
  delete: post('删除模型', idBody, noData),
  setDefault: post('设为默认模型', idBody, noData),
});

/** /api/ai/Robot/getRobotModel and setRobotModel (the robot's other calls are in calls/robots.ts). */
export const Robot = defineCalls('/api/ai/Robot', {
  getRobotModel: get('机器人的模型', idBody, robotModelInfoSchema),
  setRobotModel: post('设置机器人的对话与深度思考模型', robotModelBody, noData),
});
