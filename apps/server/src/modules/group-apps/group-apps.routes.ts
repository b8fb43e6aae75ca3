import type { FastifyPluginAsync } from 'fastify';
import { GroupApp } from '@xueban/contract/calls/org';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { actorOf } from '../groups/org-manage.service.ts';
import { appDetail, assignSeat, installApp, listApps, releaseSeat, setSeats, uninstallApp } from './group-apps.service.ts';

const orgAdmin = { roles: ADMIN_ROLE_ABOVE };
const probe = { resource: 'appInstallation', field: 'id' } as const;

/** 应用中心管理 (/group/workbench/appList): a VIP organisation's installed apps and their seats. */
export const groupAppRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, GroupApp.lists, { config: { access: orgAdmin } }, async (req) => {
    const { limit, offset } = resolvePage(req.query);
    const { total, rows } = await listApps(deps, caller(req), limit, offset);
    return ok(pageOf(req.query, total, rows));
  });

  route(app, GroupApp.detail, { config: { access: orgAdmin, tenant: { ...probe, in: 'query' } } },
    async (req) => ok(await appDetail(deps, caller(req), req.query.id)));

  route(app, GroupApp.install, { config: { access: orgAdmin } },
    async (req) => ok(await installApp(deps, caller(req), await actorOf(deps, req), req.body), MSG.created));

  route(app, GroupApp.setSeats, { config: { access: orgAdmin, tenant: { ...probe, in: 'body' } } }, async (req) => {
    await setSeats(deps, caller(req), await actorOf(deps, req), req.body.id, req.body.seats);
    return ok(null, MSG.updated);
  });

  route(app, GroupApp.assignSeat, { config: { access: orgAdmin, tenant: { ...probe, in: 'body' } } }, async (req) => {
    await assignSeat(deps, caller(req), await actorOf(deps, req), req.body.id, req.body.uid);
    return ok(null, MSG.done);
  });

  route(app, GroupApp.releaseSeat, { config: { access: orgAdmin, tenant: { ...probe, in: 'body' } } }, async (req) => {
    await releaseSeat(deps, caller(req), await actorOf(deps, req), req.body.id, req.body.uid);
    return ok(null, MSG.done);
  });

  route(app, GroupApp.uninstall, { config: { access: orgAdmin, tenant: { ...probe, in: 'body' } } }, async (req) => {
    await uninstallApp(deps, caller(req), await actorOf(deps, req), req.body.id);
    return ok(null, MSG.deleted);
  });
};
