import type { FastifyPluginAsync } from 'fastify';
import { AdminApp, AppStore, DeveloperApp } from '@xueban/contract/calls/app-store';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE, Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { actorOf } from '../groups/org-manage.service.ts';
import {
  appDetail, appSources, createApp, myApps, removeApp, submitApp, updateListing, withdrawApp,
} from './developer-apps.service.ts';
import { reviewApp, reviewList } from './app-review.service.ts';
import { browseStore, installStoreApp, storeAppDetail } from './store.service.ts';
import { revenue } from './revenue.service.ts';
import { revenueFileName, revenueWorkbook } from './revenue-export.ts';

/** Developers (creator / developer role) and org admins, who also build robots (spec §1). */
const developer = { roles: [Role.SUPER_ADMIN, Role.ORG_ADMIN, Role.CREATOR, Role.DEVELOPER], denied: MSG.noOperationPermission } as const;
const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const orgAdmin = { roles: ADMIN_ROLE_ABOVE };
const own = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'storeApp', field, in: where }) as const;

/** The app store (issue 20): developers' apps, their review, the store, and the revenue centre. */
export const appStoreRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, DeveloperApp.lists, { config: { access: developer } }, async (req) => ok(await myApps(deps, caller(req), req.query)));
  route(app, DeveloperApp.detail, { config: { access: developer, tenant: own('id', 'query') } },
    async (req) => ok(await appDetail(deps, caller(req), req.query.id)));
  route(app, DeveloperApp.sources, { config: { access: developer } }, async (req) => ok(await appSources(deps, caller(req))));
  route(app, DeveloperApp.create, { config: { access: developer, tenant: { resource: 'robot', field: 'robot_id', in: 'body' } } },
    async (req) => ok(await createApp(deps, caller(req), req.body), MSG.created));
  route(app, DeveloperApp.update, { config: { access: developer, tenant: own('id') } },
    async (req) => ok(await updateListing(deps, caller(req), req.body), MSG.updated));
  route(app, DeveloperApp.submit, { config: { access: developer, tenant: own('id') } },
    async (req) => ok(await submitApp(deps, caller(req), req.body.id), MSG.applyPending));
  route(app, DeveloperApp.withdraw, { config: { access: developer, tenant: own('id') } },
    async (req) => ok(await withdrawApp(deps, caller(req), req.body.id), MSG.done));
  route(app, DeveloperApp.delete, { config: { access: developer, tenant: own('id') } }, async (req) => {
    await removeApp(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });
  route(app, DeveloperApp.revenue, { config: { access: developer } }, async (req) => ok(await revenue(deps, caller(req), req.query)));
  route(app, DeveloperApp.revenueExport, { config: { access: developer, rateLimit: { max: 20, timeWindow: 60_000 } } }, async (req, reply) => {
    const r = await revenue(deps, caller(req), req.query);
    const name = revenueFileName(r);
    return reply
      .header('content-type', DeveloperApp.revenueExport.produces)
      .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
      .header('cache-control', 'no-store')
      .send(await revenueWorkbook(r));
  });

  route(app, AdminApp.auditLists, { config: { access: superAdmin } }, async (req) => ok(await reviewList(deps, req.query)));
  route(app, AdminApp.audit, { config: { access: superAdmin, tenantExempt: 'the super admin reviews the apps of every organisation' } },
    async (req) => {
      await reviewApp(deps, caller(req), req.body.id, req.body.status, req.body.reason);
      return ok(null, MSG.done);
    });

  const storeExempt = 'the store lists approved apps of every organisation; an app not approved is 404 to everyone but its developer';
  route(app, AppStore.lists, { config: { access: orgAdmin } }, async (req) => ok(await browseStore(deps, caller(req), req.query)));
  route(app, AppStore.detail, { config: { access: orgAdmin, tenantExempt: storeExempt } },
    async (req) => ok(await storeAppDetail(deps, caller(req), req.query.id)));
  route(app, AppStore.install, { config: { access: orgAdmin, tenantExempt: storeExempt } },
    async (req) => ok(await installStoreApp(deps, caller(req), await actorOf(deps, req), req.body), MSG.created));
};
