import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import {
  adminIntentContentQuery, askIntentBody, idBody, idQuery, intentBindBody, intentCategoryListQuery, intentCategorySaveBody,
  intentConnectionSaveBody, intentContentListQuery, intentContentSaveBody, intentContentSortBody, intentListQuery,
  intentSaveBody, intentUnbindBody, sceneListQuery, sceneSaveBody,
} from '@xueban/contract/intents';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { bindContents, unbindContent } from './bindings.ts';
import {
  adminListCategories, adminListIntentContents, adminSaveCategory, askIntent, deleteCategory, deleteContent, deleteIntent,
  intentConnection, listCategories, listContents, listIntents, saveCategory, saveConnection, saveContent, saveIntent,
  sortContents,
} from './intents.service.ts';
import { deleteScene, listScenePage, saveScene } from './scenes.service.ts';

const tags = ['Intent'];
/** Teachers, creators/developers and org admins of the current organisation (super admin passes). */
const manage = manageAccess;
const probe = (resource: 'intentCategory' | 'intent' | 'intentContent' | 'robot' | 'session', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);
const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'The super admin manages every organisation\'s rows (design.md §3: super admin excepted, explicitly)';

/** 意图库: categories, intents, their recommend content, related intents, robot bindings, ask intent; scenes. */
export const intentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ── Categories ──
  app.get('/api/ai/intentCategory/lists', {
    schema: { tags, summary: '意图分类列表', querystring: intentCategoryListQuery },
    config: { access: manage },
  }, async (req) => ok(await listCategories(db, caller(req), req.query)));

  app.post('/api/ai/intentCategory/save', {
    schema: { tags, summary: '创建或修改意图分类', body: intentCategorySaveBody },
    config: { access: manage, tenant: probe('intentCategory', 'id') },
  }, async (req) => ok(await saveCategory(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/intentCategory/delete', {
    schema: { tags, summary: '删除意图分类（含其意图与推荐内容）', body: idBody },
    config: { access: manage, tenant: probe('intentCategory', 'id') },
  }, async (req) => ok(await deleteCategory(db, caller(req), req.body.id), MSG.deleted));

  // ── Intents ──
  app.get('/api/ai/intent/lists', {
    schema: { tags, summary: '意图列表', querystring: intentListQuery },
    config: { access: manage, tenant: probe('intentCategory', 'category_id', 'query') },
  }, async (req) => ok(await listIntents(db, caller(req), req.query)));

  app.post('/api/ai/intent/save', {
    schema: { tags, summary: '创建或修改意图', body: intentSaveBody },
    config: { access: manage, tenant: probe('intentCategory', 'category_id') },
  }, async (req) => ok(await saveIntent(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/intent/delete', {
    schema: { tags, summary: '删除意图', body: idBody },
    config: { access: manage, tenant: probe('intent', 'id') },
  }, async (req) => ok(await deleteIntent(db, caller(req), req.body.id), MSG.deleted));

  app.get('/api/ai/intent/connection', {
    schema: { tags, summary: '关联意图（intent connection）', querystring: idQuery },
    config: { access: manage, tenant: probe('intent', 'id', 'query') },
  }, async (req) => ok(await intentConnection(db, caller(req), req.query.id)));

  app.post('/api/ai/intent/saveConnection', {
    schema: { tags, summary: '设置关联意图', body: intentConnectionSaveBody },
    config: { access: manage, tenant: probe('intent', 'id') },
  }, async (req) => ok(await saveConnection(db, caller(req), req.body.id, req.body.related_ids), MSG.done));

  // ── Intent content (recommend parts) ──
  app.get('/api/ai/intentContent/lists', {
    schema: { tags, summary: '意图推荐内容列表', querystring: intentContentListQuery },
    config: { access: manage, tenant: probe('intent', 'intent_id', 'query') },
  }, async (req) => ok(await listContents(db, caller(req), req.query)));

  app.post('/api/ai/intentContent/save', {
    schema: { tags, summary: '添加或修改推荐内容（text / link / annex / has_intent）', body: intentContentSaveBody },
    config: { access: manage, tenant: probe('intent', 'intent_id') },
  }, async (req) => ok(await saveContent(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/intentContent/delete', {
    schema: { tags, summary: '删除推荐内容', body: idBody },
    config: { access: manage, tenant: probe('intentContent', 'id') },
  }, async (req) => ok(await deleteContent(db, caller(req), req.body.id), MSG.deleted));

  app.post('/api/ai/intentContent/sort', {
    schema: { tags, summary: '推荐内容排序', body: intentContentSortBody },
    config: { access: manage, tenant: probe('intent', 'intent_id') },
  }, async (req) => ok(await sortContents(db, caller(req), req.body.intent_id, req.body.ids), MSG.done));

  // ── Robots ──
  app.post('/api/ai/intent/bindCategory', {
    schema: { tags, summary: '机器人关联意图分类', body: intentBindBody },
    config: { access: manage, tenant: probe('robot', 'robot_id') },
  }, async (req) => ok(await bindContents(db, caller(req), req.body.robot_id, 'intent', req.body.ids), MSG.bindingDone));

  app.post('/api/ai/intent/unbindCategory', {
    schema: { tags, summary: '机器人取消关联意图分类', body: intentUnbindBody },
    config: { access: manage, tenant: probe('robot', 'robot_id') },
  }, async (req) => ok(await unbindContent(db, caller(req), req.body.robot_id, 'intent', req.body.id), MSG.unbindingDone));

  app.post('/api/ai/intent/ask', {
    schema: { tags, summary: '点击意图提问：在会话中存一条推荐内容回复', body: askIntentBody },
    config: { access: 'user', tenant: probe('session', 'category_id') },
  }, async (req) => {
    const { result, msg } = await askIntent(db, caller(req), req.body, app.deps.config);
    return ok(result, msg);
  });

  // ── Super admin ──
  app.get('/api/ai/admin.intent/lists', {
    schema: { tags, summary: '意图库（全部组织）', querystring: intentCategoryListQuery },
    config: { access: superAdmin },
  }, async (req) => ok(await adminListCategories(db, req.query)));

  app.post('/api/ai/admin.intent/save', {
    schema: { tags, summary: '修改意图分类（任一组织）或在当前组织创建', body: intentCategorySaveBody },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => ok(await adminSaveCategory(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/admin.intent/delete', {
    schema: { tags, summary: '删除意图分类（任一组织）', body: idBody },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => ok(await deleteCategory(db, caller(req), req.body.id, false), MSG.deleted));

  app.get('/api/ai/admin.intentContent/lists', {
    schema: { tags, summary: '意图分类下的意图及推荐内容', querystring: adminIntentContentQuery },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => ok(await adminListIntentContents(db, req.query)));

  app.get('/api/ai/admin.scene/lists', {
    schema: { tags: ['Scene'], summary: '场景列表', querystring: sceneListQuery },
    config: { access: superAdmin },
  }, async (req) => ok(await listScenePage(db, req.query)));

  app.post('/api/ai/admin.scene/save', {
    schema: { tags: ['Scene'], summary: '创建或修改场景', body: sceneSaveBody },
    config: { access: superAdmin, tenantExempt: 'Scenes are a platform-wide catalogue' },
  }, async (req) => ok(await saveScene(db, req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/admin.scene/delete', {
    schema: { tags: ['Scene'], summary: '删除场景（有机器人使用时拒绝）', body: idBody },
    config: { access: superAdmin, tenantExempt: 'Scenes are a platform-wide catalogue' },
  }, async (req) => ok(await deleteScene(db, req.body.id), MSG.deleted));
};
