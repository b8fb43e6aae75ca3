import { APP_MSG, APP_STATUS } from '@xueban/contract/app-store';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findApp, listApps, moveStatus, withStatus } from './app-store.repo.ts';
import { toListing } from './app-view.ts';
import { asc, desc } from 'drizzle-orm';
import { storeApps } from '../../db/schema/app-store.ts';

/** The super admin's review list: every organisation's apps (drafts are the developers' own business). */
export async function reviewList(deps: Deps, q: PageParams & { status?: number | undefined }) {
  const { limit, offset } = resolvePage(q);
  const status = q.status ?? APP_STATUS.PENDING;
  const order = status === APP_STATUS.PENDING ? asc(storeApps.submittedAt) : desc(storeApps.reviewedAt);
  const { total, rows } = await listApps(deps.db, withStatus(status), limit, offset, order);
  return pageOf(q, total, rows.map(toListing));
}

/** Approves (into the store) or rejects (with a reason) a pending app once; the developer is told. */
export async function reviewApp(deps: Deps, me: AuthContext, id: number, status: 3 | -2, reason: string) {
  if (status === APP_STATUS.REJECTED && !reason) throw badRequest(MSG.rejectReasonRequired);
  const view = await findApp(deps.db, id);
  if (!view) throw notFound(APP_MSG.notFound);
  await deps.db.transaction(async (tx) => {
    const moved = await moveStatus(tx, id, [APP_STATUS.PENDING], {
      status, rejectReason: status === APP_STATUS.REJECTED ? reason : '', reviewerId: me.userId, reviewedAt: new Date(),
    });
    if (!moved) throw conflict(MSG.alreadyReviewed);
    await notify(tx, {
      userId: view.app.developerId, groupId: view.app.groupId,
      title: status === APP_STATUS.APPROVED ? '应用已上架' : '应用未通过审核',
      content: status === APP_STATUS.APPROVED ? `「${view.app.name}」已上架应用商店` : `「${view.app.name}」未通过审核：${reason}`,
      link: `/developer/user-app-detail?id=${id}`,
    });
  });
}
