import type { FastifyPluginAsync } from 'fastify';
import { Setting } from '@xueban/contract/calls/platform';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { getWebsiteConfig, saveWebsiteConfig } from './settings.service.ts';

export const settingRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  // Public: the logo and title are needed before anyone logs in.
  route(app, Setting.get, { config: { access: 'public' } }, async () => ok(await getWebsiteConfig(db)));

  route(app, Setting.save, { config: { access: { roles: [Role.SUPER_ADMIN] } } },
    async (req) => ok(await saveWebsiteConfig(db, req.body.data), MSG.updated));
};
