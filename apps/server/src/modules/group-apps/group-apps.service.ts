import { APP_MSG } from '@xueban/contract/app-store';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { findGroup, findMembership, isVip } from '../groups/membership.service.ts';
import {
  closeInstallation, deleteSeat, findInstallation, insertInstallation, insertSeat, installationsOfStoreApps, listInstallations,
  openStoreInstallation, seatCounts, seatHolders, updateInstallation, type InstallationRow,
} from './group-apps.repo.ts';

/** The app centre is part of the /group area: a VIP organisation's (spec §6), else 无访问权限. */
export async function requireVip(deps: Deps, me: AuthContext) {
  const group = me.groupId ? await findGroup(deps.db, me.groupId) : null;
  if (!group) throw notFound();
  if (!isVip(group)) throw forbidden(MSG.noAccess);
}

const toApp = (app: InstallationRow, installer: string | null, used: number) => ({
  id: app.id, name: app.name, icon: app.icon, intro: app.intro, seats: app.seats, seats_used: used, open_count: app.openCount,
  installed_by: installer ?? '', installed_at: toSeconds(app.installedAt), store_app_id: app.storeAppId, robot_ids: app.robotIds,
});

export async function listApps(deps: Deps, me: AuthContext, limit: number, offset: number) {
  await requireVip(deps, me);
  const { total, rows } = await listInstallations(deps.db, me.groupId, limit, offset);
  const used = await seatCounts(deps.db, rows.map((r) => r.app.id));
  return { total, rows: rows.map((r) => toApp(r.app, r.installer, used.get(r.app.id) ?? 0)) };
}

/** Another organisation's app answers 404 before the tier is looked at. */
async function ownApp(deps: Deps, me: AuthContext, id: number) {
  const found = await findInstallation(deps.db, me.groupId, id);
  if (!found) throw notFound();
  await requireVip(deps, me);
  return found;
}

export async function appDetail(deps: Deps, me: AuthContext, id: number) {
  const { app, installer } = await ownApp(deps, me, id);
  const holders = await seatHolders(deps.db, id);
  return {
    ...toApp(app, installer, holders.length),
    seat_holders: holders.map((h) => ({ uid: h.uid, truename: h.truename, mobile: h.mobile, email: h.email, assigned_at: toSeconds(h.assignedAt) })),
  };
}

export async function installApp(deps: Deps, me: AuthContext, actor: AuditActor, body: { name: string; intro: string; seats: number }) {
  await requireVip(deps, me);
  return deps.db.transaction(async (tx) => {
    const app = await insertInstallation(tx, { groupId: me.groupId, name: body.name, intro: body.intro, seats: body.seats, installedBy: me.userId });
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'app.install', targetType: 'app', targetId: app.id, targetLabel: app.name,
      before: null, after: { name: app.name, seats: app.seats },
    });
    return toApp(app, actor.actorName, 0);
  });
}

export async function setSeats(deps: Deps, me: AuthContext, actor: AuditActor, id: number, seats: number) {
  const { app } = await ownApp(deps, me, id);
  const used = (await seatCounts(deps.db, [id])).get(id) ?? 0;
  if (seats < used) throw badRequest(`已分配${used}个席位，席位数不能少于已分配数`);
  await deps.db.transaction(async (tx) => {
    await updateInstallation(tx, id, { seats });
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'app.seats', targetType: 'app', targetId: id, targetLabel: app.name,
      before: { seats: app.seats }, after: { seats },
    });
  });
}

export async function assignSeat(deps: Deps, me: AuthContext, actor: AuditActor, id: number, uid: number) {
  const { app } = await ownApp(deps, me, id);
  const member = await findMembership(deps.db, me.groupId, uid);
  if (!member) throw notFound();
  const used = (await seatCounts(deps.db, [id])).get(id) ?? 0;
  if (used >= app.seats) throw conflict('席位已用完，请先增加席位');
  await deps.db.transaction(async (tx) => {
    if (!(await insertSeat(tx, id, uid))) throw conflict('该成员已有席位');
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'app.seat.assign', targetType: 'app', targetId: id, targetLabel: app.name,
      before: null, after: { uid },
    });
  });
}

export async function releaseSeat(deps: Deps, me: AuthContext, actor: AuditActor, id: number, uid: number) {
  const { app } = await ownApp(deps, me, id);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteSeat(tx, id, uid))) throw notFound();
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'app.seat.release', targetType: 'app', targetId: id, targetLabel: app.name,
      before: { uid }, after: null,
    });
  });
}

export async function uninstallApp(deps: Deps, me: AuthContext, actor: AuditActor, id: number) {
  const { app } = await ownApp(deps, me, id);
  await deps.db.transaction(async (tx) => {
    await closeInstallation(tx, id);
    await recordAudit(tx, actor, {
      area: 'group', groupId: me.groupId, action: 'app.uninstall', targetType: 'app', targetId: id, targetLabel: app.name,
      before: { name: app.name, seats: app.seats }, after: null,
    });
  });
}

/**
 * Records an install from the app store (issue 20), inside the caller's transaction that copied
 * the app's robots: one installation per organisation and catalogue app (a second is a 409).
 */
export async function recordStoreInstall(
  tx: Db, me: AuthContext, actor: AuditActor,
  v: { storeAppId: number; name: string; icon: string; intro: string; seats: number; robotIds: number[] },
) {
  if (await openStoreInstallation(tx, me.groupId, v.storeAppId)) throw conflict(APP_MSG.alreadyInstalled);
  const app = await insertInstallation(tx, {
    groupId: me.groupId, name: v.name, icon: v.icon, intro: v.intro, seats: v.seats, installedBy: me.userId,
    storeAppId: v.storeAppId, robotIds: v.robotIds,
  });
  await recordAudit(tx, actor, {
    area: 'group', groupId: me.groupId, action: 'app.install', targetType: 'app', targetId: app.id, targetLabel: app.name,
    before: null, after: { name: app.name, seats: app.seats, store_app_id: v.storeAppId },
  });
  return toApp(app, actor.actorName, 0);
}

/** Whether the caller's organisation has these catalogue apps installed now (the store marks them 已安装). */
export async function installedStoreApps(deps: Deps, me: AuthContext, storeAppIds: number[]) {
  const rows = await installationsOfStoreApps(deps.db, storeAppIds);
  return new Set(rows.filter((r) => r.groupId === me.groupId && !r.uninstalledAt).map((r) => r.storeAppId!));
}

/** Every installation of these catalogue apps, across organisations, with seats held now (the developer's statements). */
export async function storeAppInstallations(db: Db, storeAppIds: number[]) {
  const rows = await installationsOfStoreApps(db, storeAppIds);
  const held = await seatCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, groupId: r.groupId, storeAppId: r.storeAppId!, seats: r.seats, seatsHeld: held.get(r.id) ?? 0,
    robotIds: r.robotIds, installedAt: r.installedAt, uninstalledAt: r.uninstalledAt,
  }));
}
