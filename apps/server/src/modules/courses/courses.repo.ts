import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courseNodes, coursePlans, courseProgress, coursePublications, courseUnlocks,
} from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { containing } from '../../lib/like.ts';

export type PlanRow = typeof coursePlans.$inferSelect;
export type NodeRow = typeof courseNodes.$inferSelect;
export type PublicationRow = typeof coursePublications.$inferSelect;

const nodeCount = sql<number>`(select count(*)::int from ${courseNodes} where ${courseNodes.planId} = ${coursePlans.id})`;
const classCount = sql<number>`(select count(*)::int from ${coursePublications} where ${coursePublications.planId} = ${coursePlans.id})`;

/** A plan of one organisation, or null (another organisation's id is the same as none). */
export async function findPlan(db: Db, groupId: number, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(coursePlans).where(and(eq(coursePlans.id, id), eq(coursePlans.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function listPlans(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const [total] = await db.select({ n: count() }).from(coursePlans).where(where);
  const rows = await db.select({ plan: coursePlans, truename: users.truename, nodeCount, classCount })
    .from(coursePlans).innerJoin(users, eq(users.id, coursePlans.ownerId))
    .where(where).orderBy(desc(coursePlans.updatedAt), desc(coursePlans.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

export const plansOf = (groupId: number, ownerId: number | null, keyword?: string) => and(
  eq(coursePlans.groupId, groupId),
  ownerId === null ? undefined : eq(coursePlans.ownerId, ownerId),
  keyword ? ilike(coursePlans.title, containing(keyword)) : undefined,
);

export async function planWithCounts(db: Db, id: number) {
  const { rows } = await listPlans(db, eq(coursePlans.id, id), 1, 0);
  return rows[0]!;
}

export async function insertPlan(db: Db, values: typeof coursePlans.$inferInsert) {
  const [row] = await db.insert(coursePlans).values(values).returning();
  return row!;
}

export async function updatePlan(db: Db, id: number, values: Partial<typeof coursePlans.$inferInsert>) {
  await db.update(coursePlans).set({ ...values, updatedAt: new Date() }).where(eq(coursePlans.id, id));
}

export async function deletePlan(db: Db, id: number) {
  await db.delete(coursePlans).where(eq(coursePlans.id, id));
}

/** A plan's nodes in display order within each parent. */
export async function planNodes(db: Db, planId: number): Promise<NodeRow[]> {
  return db.select().from(courseNodes).where(eq(courseNodes.planId, planId)).orderBy(asc(courseNodes.sort), asc(courseNodes.id));
}

export async function findNode(db: Db, groupId: number, id: number): Promise<NodeRow | null> {
  const [row] = await db.select().from(courseNodes).where(and(eq(courseNodes.id, id), eq(courseNodes.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function insertNode(db: Db, values: typeof courseNodes.$inferInsert) {
  const [row] = await db.insert(courseNodes).values(values).returning();
  return row!;
}

export async function updateNode(db: Db, id: number, values: Partial<typeof courseNodes.$inferInsert>) {
  const [row] = await db.update(courseNodes).set(values).where(eq(courseNodes.id, id)).returning();
  return row!;
}

export async function deleteNodes(db: Db, ids: number[]) {
  if (ids.length) await db.delete(courseNodes).where(inArray(courseNodes.id, ids));
}

export async function nextSort(db: Db, planId: number, pid: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${courseNodes.sort}), 0)::int` }).from(courseNodes)
    .where(and(eq(courseNodes.planId, planId), eq(courseNodes.pid, pid)));
  return (row?.n ?? 0) + 1;
}

export async function touchPlan(db: Db, planId: number) {
  await db.update(coursePlans).set({ updatedAt: new Date() }).where(eq(coursePlans.id, planId));
}

// ── Publications, unlocks, progress ──

export async function publicationsOfPlan(db: Db, planId: number): Promise<PublicationRow[]> {
  return db.select().from(coursePublications).where(eq(coursePublications.planId, planId)).orderBy(asc(coursePublications.id));
}

export async function publicationsOfTeams(db: Db, teamIds: number[]) {
  if (!teamIds.length) return [];
  return db.select({ pub: coursePublications, title: coursePlans.title, description: coursePlans.description, nodeCount })
    .from(coursePublications).innerJoin(coursePlans, eq(coursePlans.id, coursePublications.planId))
    .where(inArray(coursePublications.teamId, teamIds)).orderBy(desc(coursePublications.id));
}

export async function findPublication(db: Db, planId: number, teamId: number): Promise<PublicationRow | null> {
  const [row] = await db.select().from(coursePublications)
    .where(and(eq(coursePublications.planId, planId), eq(coursePublications.teamId, teamId))).limit(1);
  return row ?? null;
}

/** Publishes a plan to a class; null when it was published there already. */
export async function insertPublication(db: Db, values: typeof coursePublications.$inferInsert): Promise<PublicationRow | null> {
  const [row] = await db.insert(coursePublications).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Unpublishes a plan from a class with its unlocks, together: a re-publish starts locked again. */
export async function deletePublication(db: Db, planId: number, teamId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(coursePublications).where(and(eq(coursePublications.planId, planId), eq(coursePublications.teamId, teamId)));
    const nodeIds = tx.select({ id: courseNodes.id }).from(courseNodes).where(eq(courseNodes.planId, planId));
    await tx.delete(courseUnlocks).where(and(eq(courseUnlocks.teamId, teamId), inArray(courseUnlocks.nodeId, nodeIds)));
  });
}

/** The nodes of a plan a class has unlocked. */
export async function unlockedNodes(db: Db, teamId: number, planId: number): Promise<Set<number>> {
  const rows = await db.select({ nodeId: courseUnlocks.nodeId }).from(courseUnlocks)
    .innerJoin(courseNodes, eq(courseNodes.id, courseUnlocks.nodeId))
    .where(and(eq(courseUnlocks.teamId, teamId), eq(courseNodes.planId, planId)));
  return new Set(rows.map((r) => r.nodeId));
}

export async function isUnlocked(db: Db, teamId: number, nodeId: number): Promise<boolean> {
  const [row] = await db.select({ n: courseUnlocks.nodeId }).from(courseUnlocks)
    .where(and(eq(courseUnlocks.teamId, teamId), eq(courseUnlocks.nodeId, nodeId))).limit(1);
  return !!row;
}

/** Unlocks nodes for a class; the ids newly unlocked (not those open already). */
export async function unlockNodes(db: Db, teamId: number, nodeIds: number[], by: number): Promise<number[]> {
  if (!nodeIds.length) return [];
  const rows = await db.insert(courseUnlocks).values(nodeIds.map((nodeId) => ({ teamId, nodeId, unlockedBy: by })))
    .onConflictDoNothing().returning({ nodeId: courseUnlocks.nodeId });
  return rows.map((r) => r.nodeId);
}

export async function lockNodes(db: Db, teamId: number, nodeIds: number[]) {
  if (nodeIds.length) await db.delete(courseUnlocks).where(and(eq(courseUnlocks.teamId, teamId), inArray(courseUnlocks.nodeId, nodeIds)));
}

/** Records that a student opened a node (the first time counts; later opens change nothing). */
export async function recordOpened(db: Db, values: { userId: number; nodeId: number; planId: number; teamId: number; groupId: number }) {
  await db.insert(courseProgress).values(values).onConflictDoNothing();
}

export async function recordDone(db: Db, values: { userId: number; nodeId: number; planId: number; teamId: number; groupId: number }) {
  await db.insert(courseProgress).values({ ...values, done: true, doneAt: new Date() })
    .onConflictDoUpdate({ target: [courseProgress.userId, courseProgress.nodeId], set: { done: true, doneAt: new Date() } });
}

/** Progress rows of a plan: of some students (a class's roster), or of one. */
export async function progressOf(db: Db, planId: number, userIds: number[]) {
  if (!userIds.length) return [];
  return db.select().from(courseProgress).where(and(eq(courseProgress.planId, planId), inArray(courseProgress.userId, userIds)));
}
