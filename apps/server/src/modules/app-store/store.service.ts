import { and } from 'drizzle-orm';
import { APP_MSG, APP_STATUS } from '@xueban/contract/app-store';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { installedStoreApps, recordStoreInstall, requireVip, storeAppInstallations } from '../group-apps/group-apps.service.ts';
import { findApp, listApps, matching, withStatus, type StoreAppView } from './app-store.repo.ts';
import { toListing } from './app-view.ts';
import { installContent } from './install-content.ts';

/**
 * The app store: approved apps of every organisation, for the admins of VIP organisations (the
 * /group area's app centre). An app not approved is 404 to the store, whoever made it.
 */
async function storeRows(deps: Deps, me: AuthContext, views: StoreAppView[]) {
  const ids = views.map((v) => v.app.id);
  const installs = await storeAppInstallations(deps.db, ids);
  const installed = await installedStoreApps(deps, me, ids);
  return views.map((v) => {
    const { id, kind, name, icon, intro, description, screenshots, price_fen, developer, group_name } = toListing(v);
    return {
      id, kind, name, icon, intro, description, screenshots, price_fen, developer, group_name,
      install_count: installs.filter((i) => i.storeAppId === id && !i.uninstalledAt).length,
      installed: installed.has(id),
    };
  });
}

export async function browseStore(deps: Deps, me: AuthContext, q: PageParams & { keyword?: string | undefined }) {
  await requireVip(deps, me);
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listApps(deps.db, and(withStatus(APP_STATUS.APPROVED), matching(q.keyword)), limit, offset);
  return pageOf(q, total, await storeRows(deps, me, rows));
}

async function approvedApp(deps: Deps, id: number) {
  const view = await findApp(deps.db, id, withStatus(APP_STATUS.APPROVED));
  if (!view) throw notFound(APP_MSG.notFound);
  return view;
}

export async function storeAppDetail(deps: Deps, me: AuthContext, id: number) {
  const view = await approvedApp(deps, id);
  await requireVip(deps, me);
  return (await storeRows(deps, me, [view]))[0]!;
}

/**
 * 安装: copies the app's robot (or solution) into the caller's organisation, then records the
 * installation with its seats and the copies. The copies are the organisation's robots, so its
 * members can talk to them at once. An app taken down meanwhile, or not approved, is 404.
 */
export async function installStoreApp(deps: Deps, me: AuthContext, actor: AuditActor, body: { id: number; seats: number }) {
  const { app } = await approvedApp(deps, body.id);
  await requireVip(deps, me);
  if ((await installedStoreApps(deps, me, [app.id])).has(app.id)) throw conflict(APP_MSG.alreadyInstalled);
  const robotIds = await installContent(deps, app, { groupId: me.groupId, uid: me.userId });
  return deps.db.transaction((tx) => recordStoreInstall(tx, me, actor, {
    storeAppId: app.id, name: app.name, icon: app.icon, intro: app.intro, seats: body.seats, robotIds,
  }));
}
