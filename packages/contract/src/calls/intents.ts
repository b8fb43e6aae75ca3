/** Calls of the intent library (意图库) and the scenes (spec §7). See call.ts. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  adminIntentCategorySchema, adminIntentContentPageSchema, adminIntentContentQuery, askIntentBody, askIntentResultSchema, idBody,
  idQuery, intentBindBody, intentCategoryListQuery, intentCategorySaveBody, intentCategorySchema, intentConnectionSaveBody,
  intentContentListQuery, intentContentPageSchema, intentContentSaveBody, intentContentSchema, intentContentSortBody,
  intentListQuery, intentSaveBody, intentSchema, intentUnbindBody, sceneListQuery, sceneSaveBody, sceneSchema,
} from '../intents.ts';
import { boundContentSchema } from '../knowledge.ts';
import { noData, pageOf } from '../uc.ts';

export const IntentCategory = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/intentCategory/lists', summary: '意图分类列表',
    query: intentCategoryListQuery, response: pageOf(intentCategorySchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/intentCategory/save', summary: '创建或修改意图分类',
    body: intentCategorySaveBody, response: intentCategorySchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/intentCategory/delete', summary: '删除意图分类（含其意图与推荐内容）',
    body: idBody, response: noData,
  }),
};

export const Intent = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/intent/lists', summary: '意图列表',
    query: intentListQuery, response: pageOf(intentSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/intent/save', summary: '创建或修改意图',
    body: intentSaveBody, response: intentSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/intent/delete', summary: '删除意图',
    body: idBody, response: noData,
  }),
  connection: defineCall({
    method: 'GET', path: '/api/ai/intent/connection', summary: '关联意图（intent connection）',
    query: idQuery, response: z.array(intentSchema),
  }),
  saveConnection: defineCall({
    method: 'POST', path: '/api/ai/intent/saveConnection', summary: '设置关联意图',
    body: intentConnectionSaveBody, response: z.array(intentSchema),
  }),
  bindCategory: defineCall({
    method: 'POST', path: '/api/ai/intent/bindCategory', summary: '机器人关联意图分类',
    body: intentBindBody, response: z.array(boundContentSchema),
  }),
  unbindCategory: defineCall({
    method: 'POST', path: '/api/ai/intent/unbindCategory', summary: '机器人取消关联意图分类',
    body: intentUnbindBody, response: noData,
  }),
  ask: defineCall({
    method: 'POST', path: '/api/ai/intent/ask', summary: '点击意图提问：在会话中存一条推荐内容回复',
    body: askIntentBody, response: askIntentResultSchema,
  }),
};

export const IntentContent = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/intentContent/lists', summary: '意图推荐内容列表',
    query: intentContentListQuery, response: intentContentPageSchema,
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/intentContent/save', summary: '添加或修改推荐内容（text / link / annex / has_intent）',
    body: intentContentSaveBody, response: intentContentSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/intentContent/delete', summary: '删除推荐内容',
    body: idBody, response: noData,
  }),
  sort: defineCall({
    method: 'POST', path: '/api/ai/intentContent/sort', summary: '推荐内容排序',
    body: intentContentSortBody, response: z.array(intentContentSchema),
  }),
};

/** The super admin's intent libraries: every organisation's. */
export const AdminIntent = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.intent/lists', summary: '意图库（全部组织）',
    query: intentCategoryListQuery, response: pageOf(adminIntentCategorySchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/admin.intent/save', summary: '修改意图分类（任一组织）或在当前组织创建',
    body: intentCategorySaveBody, response: intentCategorySchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/admin.intent/delete', summary: '删除意图分类（任一组织）',
    body: idBody, response: noData,
  }),
};

export const AdminIntentContent = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.intentContent/lists', summary: '意图分类下的意图及推荐内容',
    query: adminIntentContentQuery, response: adminIntentContentPageSchema,
  }),
};

/** Scenes (机器人场景): a platform-wide catalogue the super admin keeps. */
export const AdminScene = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.scene/lists', summary: '场景列表',
    query: sceneListQuery, response: pageOf(sceneSchema),
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/admin.scene/save', summary: '创建或修改场景',
    body: sceneSaveBody, response: sceneSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/admin.scene/delete', summary: '删除场景（有机器人使用时拒绝）',
    body: idBody, response: noData,
  }),
};
