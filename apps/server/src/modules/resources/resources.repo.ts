import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Publication, PublishKind, SolutionInstall } from '@xueban/contract/resources';
import type { Db } from '../../db/client.ts';
import { publishedContents, solutionInstalls, solutions } from '../../db/schema/resources.ts';
import { users } from '../../db/schema/users.ts';
import { groups } from '../../db/schema/groups.ts';
import { containing } from '../../lib/like.ts';
import { toSeconds } from '../../lib/time.ts';

export type PublicationRow = typeof publishedContents.$inferSelect;
export type SolutionRow = typeof solutions.$inferSelect;
export type InstallRow = typeof solutionInstalls.$inferSelect;

// ── Publications ──

export async function findPublication(db: Db, id: number): Promise<PublicationRow | null> {
  const [row] = await db.select().from(publishedContents).where(eq(publishedContents.id, id)).limit(1);
  return row ?? null;
}

export async function findPublicationOf(db: Db, kind: PublishKind, contentId: number): Promise<PublicationRow | null> {
  const [row] = await db.select().from(publishedContents).where(and(eq(publishedContents.kind, kind), eq(publishedContents.contentId, contentId))).limit(1);
  return row ?? null;
}

/** Publishing again (the same content) replaces the listing and sends it back to review. */
export async function upsertPublication(db: Db, values: typeof publishedContents.$inferInsert): Promise<PublicationRow> {
  const [row] = await db.insert(publishedContents).values(values).onConflictDoUpdate({
    target: [publishedContents.kind, publishedContents.contentId],
    set: {
      groupId: values.groupId, publisherId: values.publisherId, title: values.title, info: values.info, subject: values.subject,
      licence: values.licence, scope: values.scope, status: 2, reason: '', reviewerId: null, reviewedAt: null, updatedAt: sql`now()`,
    },
  }).returning();
  return row!;
}

export async function updatePublication(db: Db, id: number, values: Partial<typeof publishedContents.$inferInsert>) {
  await db.update(publishedContents).set({ ...values, updatedAt: sql`now()` }).where(eq(publishedContents.id, id));
}

export async function deletePublication(db: Db, id: number) {
  await db.delete(publishedContents).where(eq(publishedContents.id, id));
}

export async function countOn(db: Db, id: number, field: 'viewNum' | 'copyNum') {
  await db.update(publishedContents).set({ [field]: sql`${publishedContents[field]} + 1` }).where(eq(publishedContents.id, id));
}

/** Approved publications the organisation may see: the platform's, and its own organisation-only ones. */
export const visibleListing = (groupId: number, o: { keyword?: string | undefined; kind?: PublishKind | undefined; subject?: string | undefined }) => and(
  eq(publishedContents.status, 3),
  or(eq(publishedContents.scope, 'platform'), eq(publishedContents.groupId, groupId)),
  o.kind ? eq(publishedContents.kind, o.kind) : undefined,
  o.subject ? eq(publishedContents.subject, o.subject) : undefined,
  o.keyword ? or(ilike(publishedContents.title, containing(o.keyword)), ilike(publishedContents.info, containing(o.keyword))) : undefined,
);

export async function listPublications(db: Db, where: SQL | undefined, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.select({ p: publishedContents, truename: users.truename, groupName: groups.name }).from(publishedContents)
      .innerJoin(users, eq(users.id, publishedContents.publisherId)).innerJoin(groups, eq(groups.id, publishedContents.groupId))
      .where(where).orderBy(desc(publishedContents.updatedAt), desc(publishedContents.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(publishedContents).where(where),
  ]);
  return { rows: rows.map((r) => publicationOut(r.p, r.truename, r.groupName)), total: total?.n ?? 0 };
}

export async function publicationWithNames(db: Db, id: number): Promise<Publication | null> {
  const { rows } = await listPublications(db, eq(publishedContents.id, id), 0, 1);
  return rows[0] ?? null;
}

export const publicationOut = (p: PublicationRow, truename: string, groupName: string): Publication => ({
  id: p.id, kind: p.kind, content_id: p.contentId, title: p.title, info: p.info, subject: p.subject, licence: p.licence, scope: p.scope,
  status: p.status, reason: p.reason, view_num: p.viewNum, copy_num: p.copyNum, group_name: groupName,
  publisher: { id: p.publisherId, truename }, create_time: toSeconds(p.createdAt), review_time: p.reviewedAt ? toSeconds(p.reviewedAt) : 0,
});

// ── Solutions ──

export async function findSolution(db: Db, id: number): Promise<SolutionRow | null> {
  const [row] = await db.select().from(solutions).where(eq(solutions.id, id)).limit(1);
  return row ?? null;
}

export async function listSolutions(db: Db, groupId: number, keyword: string | undefined, offset: number, limit: number) {
  const where = and(eq(solutions.groupId, groupId), keyword ? ilike(solutions.name, containing(keyword)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select({ s: solutions, truename: users.truename }).from(solutions).innerJoin(users, eq(users.id, solutions.creatorId))
      .where(where).orderBy(desc(solutions.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(solutions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function solutionCreator(db: Db, uid: number): Promise<string> {
  const [u] = await db.select({ truename: users.truename }).from(users).where(eq(users.id, uid));
  return u?.truename ?? '';
}

export async function insertSolution(db: Db, values: typeof solutions.$inferInsert): Promise<SolutionRow> {
  const [row] = await db.insert(solutions).values(values).returning();
  return row!;
}

export async function updateSolution(db: Db, id: number, values: Partial<typeof solutions.$inferInsert>): Promise<SolutionRow> {
  const [row] = await db.update(solutions).set({ ...values, updatedAt: sql`now()` }).where(eq(solutions.id, id)).returning();
  return row!;
}

export async function deleteSolution(db: Db, id: number) {
  await db.delete(solutions).where(eq(solutions.id, id));
}

export async function countInstall(db: Db, id: number) {
  await db.update(solutions).set({ installNum: sql`${solutions.installNum} + 1` }).where(eq(solutions.id, id));
}

// ── Installs ──

export async function insertInstall(db: Db, values: typeof solutionInstalls.$inferInsert): Promise<InstallRow> {
  const [row] = await db.insert(solutionInstalls).values(values).returning();
  return row!;
}

export async function updateInstall(db: Db, id: number, values: Partial<typeof solutionInstalls.$inferInsert>): Promise<InstallRow> {
  const [row] = await db.update(solutionInstalls).set(values).where(eq(solutionInstalls.id, id)).returning();
  return row!;
}

export async function findInstall(db: Db, groupId: number, id: number): Promise<InstallRow | null> {
  const [row] = await db.select().from(solutionInstalls).where(and(eq(solutionInstalls.id, id), eq(solutionInstalls.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function installsOf(db: Db, groupId: number, limit: number) {
  return db.select().from(solutionInstalls).where(eq(solutionInstalls.groupId, groupId)).orderBy(desc(solutionInstalls.id)).limit(limit);
}

export const installOut = (r: InstallRow): SolutionInstall => ({
  id: r.id, solution_id: r.solutionId, name: r.name, status: r.status, done: r.done, total: r.total, error: r.error,
  result: r.result ?? null, create_time: toSeconds(r.createdAt),
});
