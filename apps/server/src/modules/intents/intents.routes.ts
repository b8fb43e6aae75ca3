import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import {
  AdminIntent, AdminIntentContent, Intent, IntentCategory, IntentContent,
} from '@xueban/contract/calls/intents';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { bindContents, unbindContent } from './bindings.ts';
import {
  adminListCategories, adminListIntentContents, adminSaveCategory, askIntent, deleteCategory, deleteContent, deleteIntent,
  intentConnection, listCategories, listContents, listIntents, saveCategory, saveConnection, saveContent, saveIntent,
  sortContents,
} from './intents.service.ts';

/** Teachers, creators/developers and org admins of the current organisation (super admin passes). */
const manage = manageAccess;
const probe = (resource: 'intentCategory' | 'intent' | 'intentContent' | 'robot' | 'session', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);
const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'The super admin manages every organisation\'s rows (design.md §3: super admin excepted, explicitly)';

/** 意图库: categories, intents, their recommend content, related intents, robot bindings, ask intent */
export const intentRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  // ── Categories ──
  route(app, IntentCategory.lists, { config: { access: manage } }, async (req) => ok(await listCategories(db, caller(req), req.query)));

  route(app, IntentCategory.save, { config: { access: manage, tenant: probe('intentCategory', 'id') } },
    async (req) => ok(await saveCategory(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, IntentCategory.delete, { config: { access: manage, tenant: probe('intentCategory', 'id') } },
    async (req) => ok(await deleteCategory(db, caller(req), req.body.id), MSG.deleted));

  // ── Intents ──
  route(app, Intent.lists, { config: { access: manage, tenant: probe('intentCategory', 'category_id', 'query') } },
    async (req) => ok(await listIntents(db, caller(req), req.query)));

  route(app, Intent.save, { config: { access: manage, tenant: probe('intentCategory', 'category_id') } },
    async (req) => ok(await saveIntent(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, Intent.delete, { config: { access: manage, tenant: probe('intent', 'id') } },
    async (req) => ok(await deleteIntent(db, caller(req), req.body.id), MSG.deleted));

  route(app, Intent.connection, { config: { access: manage, tenant: probe('intent', 'id', 'query') } },
    async (req) => ok(await intentConnection(db, caller(req), req.query.id)));

  route(app, Intent.saveConnection, { config: { access: manage, tenant: probe('intent', 'id') } },
    async (req) => ok(await saveConnection(db, caller(req), req.body.id, req.body.related_ids), MSG.done));

  // ── Intent content (recommend parts) ──
  route(app, IntentContent.lists, { config: { access: manage, tenant: probe('intent', 'intent_id', 'query') } },
    async (req) => ok(await listContents(db, caller(req), req.query)));

  route(app, IntentContent.save, { config: { access: manage, tenant: probe('intent', 'intent_id') } },
    async (req) => ok(await saveContent(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, IntentContent.delete, { config: { access: manage, tenant: probe('intentContent', 'id') } },
    async (req) => ok(await deleteContent(db, caller(req), req.body.id), MSG.deleted));

  route(app, IntentContent.sort, { config: { access: manage, tenant: probe('intent', 'intent_id') } },
    async (req) => ok(await sortContents(db, caller(req), req.body.intent_id, req.body.ids), MSG.done));

  // ── Robots ──
  route(app, Intent.bindCategory, { config: { access: manage, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await bindContents(db, caller(req), req.body.robot_id, 'intent', req.body.ids), MSG.bindingDone));

  route(app, Intent.unbindCategory, { config: { access: manage, tenant: probe('robot', 'robot_id') } }, async (req) => {
    await unbindContent(db, caller(req), req.body.robot_id, 'intent', req.body.id);
    return ok(null, MSG.unbindingDone);
  });

  route(app, Intent.ask, { config: { access: 'user', tenant: probe('session', 'category_id') } }, async (req) => {
    const { result, msg } = await askIntent(db, caller(req), req.body, app.deps.config);
    return ok(result, msg);
  });

  // ── Super admin ──
  route(app, AdminIntent.lists, { config: { access: superAdmin } }, async (req) => ok(await adminListCategories(db, req.query)));

  route(app, AdminIntent.save, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await adminSaveCategory(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, AdminIntent.delete, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await deleteCategory(db, caller(req), req.body.id, false), MSG.deleted));

  route(app, AdminIntentContent.lists, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await adminListIntentContents(db, req.query)));
};
