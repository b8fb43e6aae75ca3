import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role, isDeveloper } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { developerApplies, groupMembers } from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { addMemberRole } from '../groups/membership.service.ts';
import { notify } from '../notifications/notifications.service.ts';

/** Audit status of spec §4: -2 rejected, 2 pending review, 3 approved. */
export const APPLY = { REJECTED: -2, PENDING: 2, APPROVED: 3 } as const;

type ApplyRow = typeof developerApplies.$inferSelect;
const toApply = (a: ApplyRow) => ({
  id: a.id, status: a.status, reason: a.reason, reject_reason: a.rejectReason,
  create_time: toSeconds(a.createdAt), review_time: toSeconds(a.reviewedAt),
});

/** Applies to become a creator in the current organisation; its admins are notified. */
export async function applyDeveloper(deps: Deps, me: AuthContext, reason: string) {
  const { db } = deps;
  if (isDeveloper(me.roles)) throw conflict(MSG.alreadyDeveloper);
  const [pending] = await db.select({ id: developerApplies.id }).from(developerApplies)
    .where(and(eq(developerApplies.groupId, me.groupId), eq(developerApplies.userId, me.userId), eq(developerApplies.status, APPLY.PENDING)))
    .limit(1);
  if (pending) throw conflict(MSG.applyExists);
  const [row] = await db.insert(developerApplies).values({ groupId: me.groupId, userId: me.userId, reason }).returning();
  const admins = await db.select({ userId: groupMembers.userId }).from(groupMembers)
    .where(and(eq(groupMembers.groupId, me.groupId), sql`${Role.ORG_ADMIN} = any(${groupMembers.roles})`));
  for (const a of admins) {
    await notify(db, { userId: a.userId, groupId: me.groupId, title: '新的创作者申请', content: reason, link: '/group/workbench/developerList' });
  }
  return toApply(row!);
}

export async function latestApply(deps: Deps, me: AuthContext) {
  const [row] = await deps.db.select().from(developerApplies)
    .where(and(eq(developerApplies.groupId, me.groupId), eq(developerApplies.userId, me.userId)))
    .orderBy(desc(developerApplies.id)).limit(1);
  return row ? toApply(row) : null;
}

export async function listApplies(deps: Deps, me: AuthContext, p: PageParams & { status?: number | undefined }) {
  const { limit, offset } = resolvePage(p);
  // The super admin's back office reviews every organisation; an org admin only their own.
  const where = and(me.isSuperAdmin ? undefined : eq(developerApplies.groupId, me.groupId), p.status ? eq(developerApplies.status, p.status) : undefined);
  const [total] = await deps.db.select({ n: count() }).from(developerApplies).where(where);
  const rows = await deps.db
    .select({ apply: developerApplies, truename: users.truename, avatar: users.avatar })
    .from(developerApplies).innerJoin(users, eq(users.id, developerApplies.userId))
    .where(where).orderBy(desc(developerApplies.id)).limit(limit).offset(offset);
  return pageOf(p, total?.n ?? 0, rows.map((r) => ({
    ...toApply(r.apply), uid: r.apply.userId, group_id: r.apply.groupId, truename: r.truename, avatar: r.avatar,
  })));
}

/** Approves or rejects once: the conditional update makes a second, racing review a 409. */
export async function auditApply(deps: Deps, me: AuthContext, id: number, status: -2 | 3, reason = '') {
  const { db } = deps;
  const [row] = await db.select().from(developerApplies)
    .where(and(eq(developerApplies.id, id), me.isSuperAdmin ? undefined : eq(developerApplies.groupId, me.groupId))).limit(1);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    const done = await tx.update(developerApplies)
      .set({ status, rejectReason: status === APPLY.REJECTED ? reason : '', reviewerId: me.userId, reviewedAt: new Date() })
      .where(and(eq(developerApplies.id, id), eq(developerApplies.status, APPLY.PENDING)))
      .returning({ id: developerApplies.id });
    if (done.length === 0) throw conflict('该申请已处理');
    if (status === APPLY.APPROVED) await addMemberRole(tx, row.groupId, row.userId, Role.CREATOR);
    await notify(tx, {
      userId: row.userId, groupId: row.groupId,
      title: status === APPLY.APPROVED ? '创作者申请已通过' : '创作者申请未通过',
      content: status === APPLY.APPROVED ? '你现在可以创建机器人了' : reason,
      link: '/creator',
    });
  });
}
