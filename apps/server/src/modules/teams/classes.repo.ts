import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { teamMembers, teamNews, teamQuestionDays, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import type { TeamRow } from './teams.repo.ts';

// The class side of teams: rosters with today's questions, the daily quota counter, class news.

const studentCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.role} = 'student')`;

export async function teamIdsOnRobot(db: Db, robotId: number): Promise<number[]> {
  return (await db.select({ id: teams.id }).from(teams).where(eq(teams.robotId, robotId)).orderBy(asc(teams.id))).map((r) => r.id);
}

export async function classRows(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ team: teams, studentCount, ownerName: users.truename, ownerAvatar: users.avatar })
    .from(teams).innerJoin(users, eq(users.id, teams.ownerId))
    .where(inArray(teams.id, ids)).orderBy(asc(teams.id));
}
export type ClassRow = Awaited<ReturnType<typeof classRows>>[number];

/** The team teachers (role teacher) of some classes. */
export async function coTeachersOf(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db.select({ teamId: teamMembers.teamId, uid: users.id, truename: users.truename, avatar: users.avatar })
    .from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.role, 'teacher'))).orderBy(asc(teamMembers.createdAt));
}

/** Every member of a class with their own quota and the questions they asked the robot on `day`. */
export async function rosterRows(db: Db, team: TeamRow, day: string) {
  return db.select({
    uid: users.id, openid: users.openid, mobile: users.mobile, email: users.email, truename: users.truename, avatar: users.avatar,
    role: teamMembers.role, joinedAt: teamMembers.createdAt, dailyQuota: teamMembers.dailyQuota,
    askedToday: sql<number>`coalesce(${teamQuestionDays.asked}, 0)::int`,
  })
    .from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(teamQuestionDays, and(
      eq(teamQuestionDays.robotId, team.robotId), eq(teamQuestionDays.userId, teamMembers.userId), eq(teamQuestionDays.day, day),
    ))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(sql`${teamMembers.role} = 'student'`, asc(teamMembers.createdAt), asc(users.id));
}

export async function setMemberQuota(db: Db, teamId: number, userId: number, quota: number | null): Promise<boolean> {
  const rows = await db.update(teamMembers).set({ dailyQuota: quota })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.role, 'student')))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** Moves a student to another class of the same robot (the (robot, user) key stays). */
export async function moveStudent(db: Db, fromTeamId: number, toTeamId: number, userId: number): Promise<boolean> {
  const rows = await db.update(teamMembers).set({ teamId: toTeamId })
    .where(and(eq(teamMembers.teamId, fromTeamId), eq(teamMembers.userId, userId), eq(teamMembers.role, 'student')))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** A student's class on a robot with the quota that applies to them (their own over the class's). */
export async function studentQuota(db: Db, robotId: number, userId: number) {
  // Read by every chat: built once.
  const [row] = await builtOnce(db, 'student_quota', () => db.select({
    groupId: teams.groupId, quota: sql<number | null>`coalesce(${teamMembers.dailyQuota}, ${teams.dailyQuota})`,
  })
    .from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.robotId, sql.placeholder('robotId')), eq(teamMembers.userId, sql.placeholder('userId')), eq(teamMembers.role, 'student')))
    .limit(1).prepare('student_quota')).execute({ robotId, userId });
  return row ?? null;
}

/**
 * Counts one question on `day` unless the quota is reached, in one statement (two sends at
 * once cannot both take the last question). The new count, or null when refused.
 */
export async function takeQuestion(
  db: Db, v: { robotId: number; userId: number; groupId: number; day: string }, quota: number | null,
): Promise<number | null> {
  const [row] = await db.insert(teamQuestionDays).values({ ...v, asked: 1 })
    .onConflictDoUpdate({
      target: [teamQuestionDays.robotId, teamQuestionDays.userId, teamQuestionDays.day],
      set: { asked: sql`${teamQuestionDays.asked} + 1` },
      ...(quota === null ? {} : { setWhere: sql`${teamQuestionDays.asked} < ${quota}` }),
    })
    .returning({ asked: teamQuestionDays.asked });
  return row?.asked ?? null;
}

/** Gives back a question counted on a day (it was refused after it was counted). */
export async function returnQuestion(db: Db, v: { robotId: number; userId: number; day: string }) {
  await db.update(teamQuestionDays).set({ asked: sql`greatest(${teamQuestionDays.asked} - 1, 0)` })
    .where(and(eq(teamQuestionDays.robotId, v.robotId), eq(teamQuestionDays.userId, v.userId), eq(teamQuestionDays.day, v.day)));
}

export async function askedOn(db: Db, robotId: number, userId: number, day: string): Promise<number> {
  const [row] = await db.select({ asked: teamQuestionDays.asked }).from(teamQuestionDays)
    .where(and(eq(teamQuestionDays.robotId, robotId), eq(teamQuestionDays.userId, userId), eq(teamQuestionDays.day, day)));
  return row?.asked ?? 0;
}

const newsColumns = {
  id: teamNews.id, teamId: teamNews.teamId, teamTitle: teams.title, kind: teamNews.kind, title: teamNews.title,
  link: teamNews.link, userId: teamNews.userId, createdAt: teamNews.createdAt,
};

/** A student's class feed, newest first: the class's news and the news meant for them alone. */
export async function studentNews(db: Db, teamId: number, userId: number, limit: number, offset: number) {
  const where = and(eq(teamNews.teamId, teamId), or(isNull(teamNews.userId), eq(teamNews.userId, userId)));
  const [total] = await db.select({ n: count() }).from(teamNews).where(where);
  const rows = await db.select(newsColumns).from(teamNews).innerJoin(teams, eq(teams.id, teamNews.teamId))
    .where(where).orderBy(desc(teamNews.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** The latest class-wide news of some classes (a teacher's overview). */
export async function recentNews(db: Db, teamIds: number[], limit: number) {
  if (teamIds.length === 0) return [];
  return db.select(newsColumns).from(teamNews).innerJoin(teams, eq(teams.id, teamNews.teamId))
    .where(and(inArray(teamNews.teamId, teamIds), isNull(teamNews.userId))).orderBy(desc(teamNews.id)).limit(limit);
}
export type NewsRow = Awaited<ReturnType<typeof recentNews>>[number];
