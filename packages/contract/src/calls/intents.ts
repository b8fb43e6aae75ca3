/** Calls of the intent library (意图库) and the scenes (spec §7). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  adminIntentCategorySchema, adminIntentContentPageSchema, adminIntentContentQuery, askIntentBody, askIntentResultSchema, idBody,
  idQuery, intentBindBody, intentCategoryListQuery, intentCategorySaveBody, intentCategorySchema, intentConnectionSaveBody,
  intentContentListQuery, intentContentPageSchema, intentContentSaveBody, intentContentSchema, intentContentSortBody,
  intentListQuery, intentSaveBody, intentSchema, intentUnbindBody, sceneListQuery, sceneSaveBody, sceneSchema,
} from '../intents.ts';
import { boundContentSchema } from '../knowledge.ts';
import { noData, pageOf } from '../uc.ts';

export const IntentCategory = defineCalls('/api/ai/intentCategory', {
  lists: get('意图分类列表', intentCategoryListQuery, pageOf(intentCategorySchema)),
  save: post('创建或修改意图分类', intentCategorySaveBody, intentCategorySchema),
  delete: post('删除意图分类（含其意图与推荐内容）', idBody, noData),
});

export const Intent = defineCalls('/api/ai/intent', {
  lists: get('意图列表', intentListQuery, pageOf(intentSchema)),
  save: post('创建或修改意图', intentSaveBody, intentSchema),
  delete: post('删除意图', idBody, noData),
  connection: get('关联意图（intent connection）', idQuery, z.array(intentSchema)),
  saveConnection: post('设置关联意图', intentConnectionSaveBody, z.array(intentSchema)),
  bindCategory: post('机器人关联意图分类', intentBindBody, z.array(boundContentSchema)),
  unbindCategory: post('机器人取消关联意图分类', intentUnbindBody, noData),
  ask: post('点击意图提问：在会话中存一条推荐内容回复', askIntentBody, askIntentResultSchema),
});

export const IntentContent = defineCalls('/api/ai/intentContent', {
  lists: get('意图推荐内容列表', intentContentListQuery, intentContentPageSchema),
  save: post('添加或修改推荐内容（text / link / annex / has_intent）', intentContentSaveBody, intentContentSchema),
  delete: post('删除推荐内容', idBody, noData),
  sort: post('推荐内容排序', intentContentSortBody, z.array(intentContentSchema)),
});

/** The super admin's intent libraries: every organisation's. */
export const AdminIntent = defineCalls('/api/ai/admin.intent', {
  lists: get('意图库（全部组织）', intentCategoryListQuery, pageOf(adminIntentCategorySchema)),
  save: post('修改意图分类（任一组织）或在当前组织创建', intentCategorySaveBody, intentCategorySchema),
  delete: post('删除意图分类（任一组织）', idBody, noData),
});

export const AdminIntentContent = defineCalls('/api/ai/admin.intentContent', {
  lists: get('意图分类下的意图及推荐内容', adminIntentContentQuery, adminIntentContentPageSchema),
});

/** Scenes (机器人场景): a platform-wide catalogue the super admin keeps. */
export const AdminScene = defineCalls('/api/ai/admin.scene', {
  lists: get('场景列表', sceneListQuery, pageOf(sceneSchema)),
  save: post('创建或修改场景', sceneSaveBody, sceneSchema),
  delete: post('删除场景（有机器人使用时拒绝）', idBody, noData),
});
