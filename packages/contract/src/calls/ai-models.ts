/** Calls of the AI providers and models (admin 密钥管理 / AI 模型) and a robot's model choice. See call.ts. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  aiModelItemSchema, idBody, modelSaveBody, providerItemSchema, providerSaveBody, providerTestResultSchema, robotModelBody,
  robotModelInfoSchema,
} from '../ai-models.ts';
import { noData } from '../uc.ts';

/** /api/ai/admin.AiKey/* */
export const AdminAiKey = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.AiKey/lists', summary: '密钥列表',
    query: z.object({}), response: z.array(providerItemSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/admin.AiKey/save', summary: '新增或修改密钥',
    body: providerSaveBody, response: providerItemSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/admin.AiKey/delete', summary: '删除密钥（连同其模型）',
    body: idBody, response: noData,
  }),
  test: defineCall({
    method: 'POST', path: '/api/ai/admin.AiKey/test', summary: '测试连接（GET {base_url}/models）',
    body: idBody, response: providerTestResultSchema,
  }),
};

/** /api/ai/admin.AiModel/* */
export const AdminAiModel = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.AiModel/lists', summary: '模型列表',
    query: z.object({}), response: z.array(aiModelItemSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/admin.AiModel/save', summary: '新增或修改模型',
    body: modelSaveBody, response: aiModelItemSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/admin.AiModel/delete', summary: '删除模型',
    body: idBody, response: noData,
  }),
  setDefault: defineCall({
    method: 'POST', path: '/api/ai/admin.AiModel/setDefault', summary: '设为默认模型',
    body: idBody, response: noData,
  }),
};

/** /api/ai/Robot/getRobotModel and setRobotModel (the robot's other calls are in calls/robots.ts). */
export const Robot = {
  getRobotModel: defineCall({
    method: 'GET', path: '/api/ai/Robot/getRobotModel', summary: '机器人的模型',
    query: idBody, response: robotModelInfoSchema,
  }),
  setRobotModel: defineCall({
    method: 'POST', path: '/api/ai/Robot/setRobotModel', summary: '设置机器人的对话与深度思考模型',
    body: robotModelBody, response: noData,
  }),
};
