import type { FastifyPluginAsync } from 'fastify';
import { AdminScene } from '@xueban/contract/calls/intents';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { deleteScene, listScenePage, saveScene } from './scenes.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const sceneCatalogue = 'Scenes are a platform-wide catalogue';

/** 场景 (admin.scene): the platform's scene catalogue, which every robot names one of. */
export const sceneRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, AdminScene.lists, { config: { access: superAdmin } }, async (req) => ok(await listScenePage(db, req.query)));

  route(app, AdminScene.save, { config: { access: superAdmin, tenantExempt: sceneCatalogue } },
    async (req) => ok(await saveScene(db, req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, AdminScene.delete, { config: { access: superAdmin, tenantExempt: sceneCatalogue } },
    async (req) => ok(await deleteScene(db, req.body.id), MSG.deleted));
};
