import { and } from 'drizzle-orm';
import type { z } from 'zod';
import { APP_MSG, APP_STATUS, type createAppBody, type updateAppBody } from '@xueban/contract/app-store';
import { MSG } from '@xueban/contract/messages';
import { isAdminRoleAbove, isDeveloper } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { storeAppInstallations } from '../group-apps/group-apps.service.ts';
import { robotUsageByMonth } from '../chat/robot-usage.service.ts';
import { deleteApp, findApp, insertApp, listApps, moveStatus, ownedBy, updateApp, withStatus } from './app-store.repo.ts';
import { toFen, toListing } from './app-view.ts';
import { packagedSource, sourceOptions } from './install-content.ts';

/** Developers (creator / developer role, spec §1) list apps; an org admin may too (they create robots). */
export const canDevelop = (me: AuthContext) => isDeveloper(me.roles) || isAdminRoleAbove(me.roles);

function requireDeveloper(me: AuthContext) {
  if (!me.groupId || !canDevelop(me)) throw forbidden(MSG.noOperationPermission);
}

/** One of the caller's own apps: anyone else's (another developer, another organisation) is 404 应用不存在. */
export async function ownApp(deps: Deps, me: AuthContext, id: number) {
  const view = await findApp(deps.db, id, ownedBy(me.groupId, me.userId));
  if (!view) throw notFound(APP_MSG.notFound);
  return view;
}

export async function myApps(deps: Deps, me: AuthContext, q: PageParams & { status?: number | undefined }) {
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listApps(deps.db, and(ownedBy(me.groupId, me.userId), withStatus(q.status)), limit, offset);
  return pageOf(q, total, rows.map(toListing));
}

export async function appSources(deps: Deps, me: AuthContext) {
  requireDeveloper(me);
  return sourceOptions(deps, me);
}

export async function createApp(deps: Deps, me: AuthContext, body: z.output<typeof createAppBody>) {
  requireDeveloper(me);
  const source = await packagedSource(deps, me, body.kind, body.kind === 'robot' ? body.robot_id! : body.solution_id!);
  const row = await insertApp(deps.db, {
    groupId: me.groupId, developerId: me.userId, kind: body.kind, robotId: source.robotId, solutionId: source.solutionId,
    name: body.name, icon: body.icon, intro: body.intro, description: body.description, screenshots: body.screenshots, priceFen: toFen(body.price),
  });
  return toListing((await findApp(deps.db, row.id))!);
}

/** The listing may change while it is a draft, rejected or approved (the store shows the change); not while pending. */
export async function updateListing(deps: Deps, me: AuthContext, body: z.output<typeof updateAppBody>) {
  const { app } = await ownApp(deps, me, body.id);
  if (app.status === APP_STATUS.PENDING) throw conflict(APP_MSG.notEditable);
  await updateApp(deps.db, app.id, {
    name: body.name, icon: body.icon, intro: body.intro, description: body.description, screenshots: body.screenshots, priceFen: toFen(body.price),
  });
  return toListing((await findApp(deps.db, app.id))!);
}

export async function submitApp(deps: Deps, me: AuthContext, id: number) {
  const { app } = await ownApp(deps, me, id);
  const moved = await moveStatus(deps.db, app.id, [APP_STATUS.DRAFT, APP_STATUS.REJECTED], {
    status: APP_STATUS.PENDING, submittedAt: new Date(), rejectReason: '',
  });
  if (!moved) throw conflict(APP_MSG.notSubmittable);
  return toListing((await findApp(deps.db, app.id))!);
}

/** Withdraws a pending review or takes an approved app out of the store (installed copies stay). */
export async function withdrawApp(deps: Deps, me: AuthContext, id: number) {
  const { app } = await ownApp(deps, me, id);
  await moveStatus(deps.db, app.id, [APP_STATUS.PENDING, APP_STATUS.APPROVED], { status: APP_STATUS.DRAFT });
  return toListing((await findApp(deps.db, app.id))!);
}

/** An app some organisation installed keeps its statements: it can be taken down, not deleted. */
export async function removeApp(deps: Deps, me: AuthContext, id: number) {
  const { app } = await ownApp(deps, me, id);
  if ((await storeAppInstallations(deps.db, [app.id])).length > 0) throw conflict(APP_MSG.hasInstalls);
  await deleteApp(deps.db, app.id);
}

export async function appDetail(deps: Deps, me: AuthContext, id: number) {
  const view = await ownApp(deps, me, id);
  const installs = await storeAppInstallations(deps.db, [id]);
  const usage = await robotUsageByMonth(deps.db, installs.flatMap((i) => i.robotIds));
  const open = installs.filter((i) => !i.uninstalledAt);
  return {
    ...toListing(view),
    installs: installs.length,
    active_installs: open.length,
    seats: open.reduce((n, i) => n + i.seats, 0),
    questions: usage.reduce((n, u) => n + u.questions, 0),
  };
}
