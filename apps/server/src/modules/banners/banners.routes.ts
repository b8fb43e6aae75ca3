import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannerQuery, saveBannerBody } from '@xueban/contract/platform';
import { idSchema, pageQuery } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { currentBanners, deleteBanner, listBanners, saveBanner } from './banners.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'super admin manages the banners of every organisation';

export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/getCurrentBannerList', {
    schema: { tags: ['Banner'], summary: '当前横幅', querystring: bannerQuery },
    // The group comes from the caller's session, never from the query: no peeking at another organisation's banners.
    config: { access: 'optional', tenantExempt: 'group_id is ignored; the caller\'s current organisation is used' },
  }, async (req) => ok(await currentBanners(db, req.query.platform, req.auth?.groupId || null)));

  app.get('/lists', {
    schema: { tags: ['Banner'], summary: '横幅列表（超级管理员）', querystring: pageQuery },
    config: { access: superAdmin },
  }, async (req) => ok(await listBanners(db, req.query)));

  app.post('/save', {
    schema: { tags: ['Banner'], summary: '新建或修改横幅（超级管理员）', body: saveBannerBody },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => ok(await saveBanner(db, req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/delete', {
    schema: { tags: ['Banner'], summary: '删除横幅（超级管理员）', body: z.object({ id: idSchema }) },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => {
    await deleteBanner(db, req.body.id);
    return ok(null, MSG.deleted);
  });
};
