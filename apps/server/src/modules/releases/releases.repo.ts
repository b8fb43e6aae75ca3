import { and, count, desc, eq } from 'drizzle-orm';
import { AUDIT, RELEASE_TARGETS, type ReleaseTarget } from '@xueban/contract/robots';
import type { Db } from '../../db/client.ts';
import { groups } from '../../db/schema/groups.ts';
import { robotReleases, robots } from '../../db/schema/robots.ts';
import { users } from '../../db/schema/users.ts';
import { toSeconds } from '../../lib/time.ts';

export type ReleaseRow = typeof robotReleases.$inferSelect;

export const toReview = (r: ReleaseRow) => ({
  id: r.id, target: r.target, status: r.status, reason: r.reason,
  create_time: toSeconds(r.createdAt), review_time: toSeconds(r.reviewedAt),
});

/** Opens a pending request; null when one is already pending (the partial unique index decides races). */
export async function insertPending(db: Db, values: { robotId: number; groupId: number; target: ReleaseTarget; applicantId: number }) {
  const [row] = await db.insert(robotReleases).values({ ...values, status: AUDIT.PENDING }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deletePending(db: Db, robotId: number, target: ReleaseTarget) {
  await db.delete(robotReleases).where(and(
    eq(robotReleases.robotId, robotId), eq(robotReleases.target, target), eq(robotReleases.status, AUDIT.PENDING),
  ));
}

/** The latest request per target, for the release tab (with_public_review). */
export async function latestReviews(db: Db, robotId: number) {
  const rows = await db.select().from(robotReleases).where(eq(robotReleases.robotId, robotId)).orderBy(desc(robotReleases.id));
  return Object.fromEntries(RELEASE_TARGETS.map((t) => {
    const row = rows.find((r) => r.target === t);
    return [t, row ? toReview(row) : null];
  })) as Record<ReleaseTarget, ReturnType<typeof toReview> | null>;
}

export async function findRelease(db: Db, id: number) {
  const [row] = await db.select().from(robotReleases).where(eq(robotReleases.id, id)).limit(1);
  return row ?? null;
}

/** Reviews a pending request once: a second, racing review matches nothing. */
export async function markReviewed(db: Db, id: number, status: number, reason: string, reviewerId: number) {
  const rows = await db.update(robotReleases)
    .set({ status, reason, reviewerId, reviewedAt: new Date() })
    .where(and(eq(robotReleases.id, id), eq(robotReleases.status, AUDIT.PENDING)))
    .returning({ id: robotReleases.id });
  return rows.length > 0;
}

export async function listReleases(db: Db, f: { status?: number | undefined; target?: ReleaseTarget | undefined }, limit: number, offset: number) {
  const where = and(
    f.status !== undefined ? eq(robotReleases.status, f.status) : undefined,
    f.target ? eq(robotReleases.target, f.target) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(robotReleases).where(where);
  const rows = await db
    .select({
      release: robotReleases,
      robot: { id: robots.id, name: robots.name, avatar: robots.avatar, info: robots.info, code: robots.code },
      groupName: groups.name,
      applicant: { uid: users.id, truename: users.truename, avatar: users.avatar },
    })
    .from(robotReleases)
    .innerJoin(robots, eq(robots.id, robotReleases.robotId))
    .innerJoin(groups, eq(groups.id, robotReleases.groupId))
    .innerJoin(users, eq(users.id, robotReleases.applicantId))
    .where(where)
    .orderBy(desc(robotReleases.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}
