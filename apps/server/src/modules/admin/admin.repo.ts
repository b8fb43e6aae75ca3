import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.ts';
import { groupMembers, groups } from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';
import { robots } from '../../db/schema/robots.ts';
import { aiModels, aiProviders, chatRecords } from '../../db/schema/chat.ts';
import { markingAssignments, markingSubmissions } from '../../db/schema/marking.ts';
import { teams } from '../../db/schema/teams.ts';

// The back offices' read side (issue 18): lists and counts across the modules' tables, read only.
// Every change goes through the owning module's service.

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const parent = alias(groups, 'parent_group');
const owner = alias(users, 'owner_user');

const orgColumns = {
  group: groups,
  parentName: sql<string | null>`${parent.name}`,
  ownerName: sql<string | null>`${owner.truename}`,
  memberCount: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`,
  robotCount: sql<number>`(select count(*)::int from ${robots} where ${robots.groupId} = ${groups.id})`,
  subCount: sql<number>`(select count(*)::int from ${groups} as sub where sub.pid = ${groups.id})`,
};
export type OrgListRow = { group: typeof groups.$inferSelect; parentName: string | null; ownerName: string | null; memberCount: number; robotCount: number; subCount: number };

export async function listOrgs(db: Db, f: { keyword?: string | undefined; pid?: number | undefined; id?: number }, limit: number, offset: number) {
  const where = and(
    f.keyword ? ilike(groups.name, escapeLike(f.keyword)) : undefined,
    f.pid ? eq(groups.pid, f.pid) : undefined,
    f.id ? eq(groups.id, f.id) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(groups).where(where);
  const rows: OrgListRow[] = await db.select(orgColumns).from(groups)
    .leftJoin(parent, eq(parent.id, groups.pid))
    .leftJoin(owner, eq(owner.id, groups.ownerId))
    .where(where).orderBy(desc(groups.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function orgMembers(db: Db, groupId: number, limit: number, offset: number) {
  const where = eq(groupMembers.groupId, groupId);
  const [total] = await db.select({ n: count() }).from(groupMembers).where(where);
  const rows = await db.select({
    uid: users.id, truename: users.truename, mobile: users.mobile, email: users.email, status: users.status,
    roles: groupMembers.roles, joined: groupMembers.createdAt,
  }).from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId))
    .where(where).orderBy(asc(groupMembers.createdAt)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** Accounts whose name, mobile or email contains the keyword, with their organisations. */
export async function searchUsers(db: Db, keyword: string | undefined, limit: number, offset: number) {
  const k = keyword ? escapeLike(keyword) : null;
  const where = k ? or(ilike(users.truename, k), ilike(users.mobile, k), ilike(users.email, k), ilike(users.name, k)) : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset);
  const memberships = rows.length === 0 ? [] : await db
    .select({ userId: groupMembers.userId, groupId: groups.id, name: groups.name, roles: groupMembers.roles })
    .from(groupMembers).innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(inArray(groupMembers.userId, rows.map((r) => r.id))).orderBy(asc(groupMembers.createdAt));
  return { total: total?.n ?? 0, rows, memberships };
}

/** The robots of one organisation (or all, groupId null) with organisation, owner and questions asked. */
export async function listRobotsFor(db: Db, groupId: number | null, keyword: string | undefined, limit: number, offset: number, officialOnly = false) {
  const where = and(
    groupId !== null ? eq(robots.groupId, groupId) : undefined,
    keyword ? ilike(robots.name, escapeLike(keyword)) : undefined,
    officialOnly ? eq(robots.isOfficial, true) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(robots).where(where);
  const rows = await db.select({
    robot: robots, groupName: groups.name, ownerName: users.truename,
    questions: sql<number>`(select count(*)::int from ${chatRecords} where ${chatRecords.robotId} = ${robots.id})`,
  }).from(robots)
    .innerJoin(groups, eq(groups.id, robots.groupId))
    .innerJoin(users, eq(users.id, robots.creatorId))
    .where(where).orderBy(desc(robots.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function robotRowById(db: Db, id: number) {
  const [row] = await db.select({
    robot: robots, groupName: groups.name, ownerName: users.truename,
    questions: sql<number>`(select count(*)::int from ${chatRecords} where ${chatRecords.robotId} = ${robots.id})`,
  }).from(robots).innerJoin(groups, eq(groups.id, robots.groupId)).innerJoin(users, eq(users.id, robots.creatorId))
    .where(eq(robots.id, id)).limit(1);
  return row ?? null;
}

const totalOf = async (db: Db, table: typeof users | typeof groups | typeof robots) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** Per day since `since` (a day is a UTC date). */
async function daily(db: Db, query: SQL): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; n: number }>(db, query);
  return new Map(rows.map((r) => [String(r.day), Number(r.n)]));
}

export async function overviewData(db: Db, since: Date) {
  const day = (col: SQLWrapper) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const newUsers = await daily(db, sql`select ${day(users.createdAt)} as day, count(*)::int as n from ${users} where ${users.createdAt} >= ${since} group by 1`);
  const questions = await daily(db, sql`select ${day(chatRecords.createdAt)} as day, count(*)::int as n from ${chatRecords} where ${chatRecords.createdAt} >= ${since} group by 1`);
  const active = await daily(db, sql`select ${day(chatRecords.createdAt)} as day, count(distinct ${chatRecords.userId})::int as n from ${chatRecords} where ${chatRecords.createdAt} >= ${since} group by 1`);
  const [activeTotal] = await queryRows<{ n: number }>(db, sql`select count(distinct ${chatRecords.userId})::int as n from ${chatRecords} where ${chatRecords.createdAt} >= ${since}`);
  // Answers by the model that gave them, named by its provider (the built-in engine is its own).
  const providers = await queryRows<{ provider: string; answers: number; chars: number; errors: number }>(db, sql`
    select coalesce(p.name, case when r.model = 'builtin' or r.model = '' then '内置引擎' else r.model end) as provider,
      count(*)::int as answers,
      coalesce(sum(length(r.question) + length(r.answer) + length(r.reasoning)), 0)::int as chars,
      count(*) filter (where r.status = 'failed')::int as errors
    from ${chatRecords} r
    left join lateral (select ${aiProviders.name} as name from ${aiModels} join ${aiProviders} on ${aiProviders.id} = ${aiModels.providerId}
      where ${aiModels.model} = r.model order by ${aiModels.id} limit 1) p on true
    where r.created_at >= ${since}
    group by 1 order by 2 desc`);
  return {
    totals: { users: await totalOf(db, users), organisations: await totalOf(db, groups), robots: await totalOf(db, robots), questions: [...questions.values()].reduce((a, b) => a + b, 0), activeUsers: activeTotal?.n ?? 0 },
    newUsers, questions, active, providers,
  };
}

/** Robots with AI marking in use: their assignments and how far marking has come. */
export async function markingOverview(db: Db) {
  const teacher = alias(users, 'teacher_user');
  return db.select({
    id: markingAssignments.id, title: markingAssignments.title, dueAt: markingAssignments.dueAt,
    robotId: robots.id, robotName: robots.name, groupName: groups.name, teamTitle: teams.title, teacherName: teacher.truename,
    submitted: sql<number>`(select count(*)::int from ${markingSubmissions} where ${markingSubmissions.assignmentId} = ${markingAssignments.id})`,
    drafted: sql<number>`(select count(*)::int from ${markingSubmissions} where ${markingSubmissions.assignmentId} = ${markingAssignments.id} and ${markingSubmissions.status} = 'drafted')`,
    released: sql<number>`(select count(*)::int from ${markingSubmissions} where ${markingSubmissions.assignmentId} = ${markingAssignments.id} and ${markingSubmissions.status} = 'released')`,
  }).from(markingAssignments)
    .innerJoin(robots, eq(robots.id, markingAssignments.robotId))
    .innerJoin(groups, eq(groups.id, markingAssignments.groupId))
    .innerJoin(teams, eq(teams.id, markingAssignments.teamId))
    .innerJoin(teacher, eq(teacher.id, markingAssignments.teacherId))
    .orderBy(asc(robots.id), desc(markingAssignments.id)).limit(500);
}
