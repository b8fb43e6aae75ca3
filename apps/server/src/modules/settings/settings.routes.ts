import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveSettingBody, settingQuery } from '@xueban/contract/platform';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { getWebsiteConfig, saveWebsiteConfig } from './settings.service.ts';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // Public: the logo and title are needed before anyone logs in.
  app.get('/get', {
    schema: { tags: ['Setting'], summary: '读取应用配置（value=website）', querystring: settingQuery },
    config: { access: 'public' },
  }, async () => ok(await getWebsiteConfig(db)));

  app.post('/save', {
    schema: { tags: ['Setting'], summary: '保存应用配置（超级管理员）', body: saveSettingBody },
    config: { access: { roles: [Role.SUPER_ADMIN] } },
  }, async (req) => ok(await saveWebsiteConfig(db, req.body.data), MSG.updated));
};
