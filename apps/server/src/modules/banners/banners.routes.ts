import type { FastifyPluginAsync } from 'fastify';
import { Banner } from '@xueban/contract/calls/platform';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { recordAudit, requestActor } from '../audit/audit.service.ts';
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

  const facts = (b: { title: string; big_img_url: string; type: string; status: number; group_id: number | null }) =>
    ({ title: b.title, type: b.type, big_img_url: b.big_img_url, status: b.status, group_id: b.group_id });

  route(app, Banner.save, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    const actor = await requestActor(db, req);
    const saved = await db.transaction(async (tx) => {
      const b = await saveBanner(tx, req.body);
      await recordAudit(tx, actor, {
        area: 'admin', groupId: b.group_id, action: req.body.id ? 'banner.update' : 'banner.create', targetType: 'banner',
        targetId: b.id, targetLabel: b.title, before: null, after: facts(b),
      });
      return b;
    });
    return ok(saved, req.body.id ? MSG.updated : MSG.created);
  });

  route(app, Banner.delete, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    const actor = await requestActor(db, req);
    await db.transaction(async (tx) => {
      const b = await deleteBanner(tx, req.body.id);
      await recordAudit(tx, actor, {
        area: 'admin', groupId: b.group_id, action: 'banner.delete', targetType: 'banner', targetId: b.id,
        targetLabel: b.title, before: facts(b), after: null,
      });
    });
    return ok(null, MSG.deleted);
  });
};
