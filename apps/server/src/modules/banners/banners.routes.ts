import type { FastifyPluginAsync } from 'fastify';
import { Banner } from '@xueban/contract/calls/platform';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { currentBanners, deleteBanner, listBanners, saveBanner } from './banners.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'super admin manages the banners of every organisation';

export const bannerRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  // The group comes from the caller's session, never from the query: no peeking at another organisation's banners.
  route(app, Banner.getCurrentBannerList, {
    config: { access: 'optional', tenantExempt: 'group_id is ignored; the caller\'s current organisation is used' },
  }, async (req) => ok(await currentBanners(db, req.query.platform, req.auth?.groupId || null)));

  route(app, Banner.lists, { config: { access: superAdmin } }, async (req) => ok(await listBanners(db, req.query)));

  route(app, Banner.save, { config: { access: superAdmin, tenantExempt: platformWide } },
    async (req) => ok(await saveBanner(db, req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, Banner.delete, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await deleteBanner(db, req.body.id);
    return ok(null, MSG.deleted);
  });
};
