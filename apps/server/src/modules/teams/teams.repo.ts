import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { groupMembers } from '../../db/schema/groups.ts';
import { teamMembers, teamNews, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { containing } from '../../lib/like.ts';

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;

export async function findTeam(db: Db, id: number): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  return row ?? null;
}

export async function findTeamByCode(db: Db, code: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.code, code)).limit(1);
  return row ?? null;
}

/** Locks the team row for the rest of the transaction: joins of one team run one at a time. */
export async function lockTeam(db: Db, id: number) {
  const [row] = await db.select({ id: teams.id, teamSize: teams.teamSize }).from(teams).where(eq(teams.id, id)).for('update');
  return row ?? null;
}

/** Inserts a team; null when the title (or, improbably, the code) is already taken. */
export async function insertTeam(db: Db, values: typeof teams.$inferInsert): Promise<TeamRow | null> {
  const [row] = await db.insert(teams).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateTeam(db: Db, id: number, values: Partial<typeof teams.$inferInsert>) {
  await db.update(teams).set(values).where(eq(teams.id, id));
}

export async function deleteTeam(db: Db, id: number) {
  await db.delete(teams).where(eq(teams.id, id));
}

export async function titleTaken(db: Db, robotId: number, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams)
    .where(and(eq(teams.robotId, robotId), eq(teams.title, title), exceptId ? ne(teams.id, exceptId) : undefined)).limit(1);
  return !!row;
}

export async function countTeams(db: Db, robotId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.robotId, robotId));
  return row?.n ?? 0;
}

export async function countTeamMembers(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/** The caller's team on a robot: at most one (the primary key). */
export async function teamMembership(db: Db, robotId: number, userId: number): Promise<TeamMemberRow | null> {
  const [row] = await db.select().from(teamMembers)
    .where(and(eq(teamMembers.robotId, robotId), eq(teamMembers.userId, userId))).limit(1);
  return row ?? null;
}

export async function insertTeamMember(db: Db, values: typeof teamMembers.$inferInsert): Promise<boolean> {
  const rows = await db.insert(teamMembers).values(values).onConflictDoNothing().returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

export async function setTeamMemberRole(db: Db, teamId: number, userId: number, role: string) {
  await db.update(teamMembers).set({ role }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteTeamMember(db: Db, teamId: number, userId: number): Promise<boolean> {
  const rows = await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** Takes a user out of whatever team they are in on a robot (when their robot role is removed). */
export async function leaveRobotTeams(db: Db, robotId: number, userId: number) {
  await db.delete(teamMembers).where(and(eq(teamMembers.robotId, robotId), eq(teamMembers.userId, userId)));
}

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

export async function listTeams(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const [total] = await db.select({ n: count() }).from(teams).where(where);
  const rows = await db
    .select({ team: teams, memberCount, ownerName: users.truename, ownerAvatar: users.avatar })
    .from(teams).innerJoin(users, eq(users.id, teams.ownerId))
    .where(where).orderBy(desc(teams.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

export const teamsOnRobot = (robotId: number, keyword?: string) =>
  and(eq(teams.robotId, robotId), keyword ? ilike(teams.title, containing(keyword)) : undefined);

/** Teams a teacher leads: their own, or those where they are a team teacher. */
export const teamsLedBy = (userId: number) => or(
  eq(teams.ownerId, userId),
  sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${userId} and ${teamMembers.role} = 'teacher')`,
);

export async function teamWithCount(db: Db, id: number) {
  const { rows } = await listTeams(db, eq(teams.id, id), 1, 0);
  return rows[0] ?? null;
}

export async function listTeamMembers(db: Db, teamId: number, limit: number, offset: number) {
  const where = eq(teamMembers.teamId, teamId);
  const [total] = await db.select({ n: count() }).from(teamMembers).where(where);
  const rows = await db
    .select({
      uid: users.id, openid: users.openid, truename: users.truename, avatar: users.avatar,
      role: teamMembers.role, join_time: teamMembers.createdAt,
    })
    .from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
    .where(where).orderBy(asc(teamMembers.createdAt), asc(users.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** Users named by openid who belong to an organisation, with their roles there. */
export async function orgUsersByOpenid(db: Db, groupId: number, openids: string[]) {
  if (openids.length === 0) return [];
  return db
    .select({ id: users.id, openid: users.openid, roles: groupMembers.roles })
    .from(users).innerJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groupId)))
    .where(inArray(users.openid, openids));
}

/** Users of an organisation named by mobile or email (case-insensitive), with the account that named them. */
export async function orgUsersByAccount(db: Db, groupId: number, accounts: string[]) {
  if (accounts.length === 0) return [];
  const lowered = accounts.map((a) => a.toLowerCase());
  return db
    .select({ openid: users.openid, mobile: users.mobile, email: users.email })
    .from(users).innerJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groupId)))
    .where(or(inArray(users.mobile, accounts), inArray(sql`lower(${users.email})`, lowered)));
}

/** The teams a teacher leads (owner, or team teacher), optionally on one robot, oldest first. */
export async function teamsLedByTeacher(db: Db, teacherId: number, robotId?: number): Promise<TeamRow[]> {
  return db.select().from(teams)
    .where(and(teamsLedBy(teacherId), robotId ? eq(teams.robotId, robotId) : undefined)).orderBy(asc(teams.id));
}

/** The student's class on a robot: their team when they are in one as a student. */
export async function studentTeam(db: Db, robotId: number, userId: number): Promise<TeamRow | null> {
  // Read by every chat (the teaching context): built once.
  const [row] = await builtOnce(db, 'student_team', () => db.select({ team: teams }).from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.robotId, sql.placeholder('robotId')), eq(teamMembers.userId, sql.placeholder('userId')), eq(teamMembers.role, 'student')))
    .limit(1).prepare('student_team')).execute({ robotId, userId });
  return row?.team ?? null;
}

/** Whether a user is a student in one of the teams a teacher leads (on one robot, or any). */
export async function leadsStudent(db: Db, teacherId: number, studentId: number, robotId?: number): Promise<boolean> {
  const [row] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(
      eq(teamMembers.userId, studentId), eq(teamMembers.role, 'student'), teamsLedBy(teacherId),
      robotId ? eq(teams.robotId, robotId) : undefined,
    )).limit(1);
  return !!row;
}

/** The students of some teams, with their team: the rosters a teacher's views are scoped to. */
export async function studentsOfTeams(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db.select({ userId: teamMembers.userId, teamId: teamMembers.teamId, truename: users.truename, avatar: users.avatar, joinedAt: teamMembers.createdAt })
    .from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.role, 'student')))
    .orderBy(asc(teamMembers.createdAt), asc(users.id));
}

export type TeamNewsInput = Omit<typeof teamNews.$inferInsert, 'id' | 'createdAt'>;

export async function insertTeamNews(db: Db, items: TeamNewsInput[]) {
  if (items.length > 0) await db.insert(teamNews).values(items);
}


/**
 * The teachers of a student on a robot (issue 28, safety alerts): the owner of the student's team
 * there and its members with the teacher role, with the team. None when the student is in no team.
 */
export async function teachersOfStudent(db: Db, robotId: number, studentId: number): Promise<{ teamId: number | null; teacherIds: number[] }> {
  const team = await studentTeam(db, robotId, studentId);
  if (!team) return { teamId: null, teacherIds: [] };
  const helpers = await db.select({ userId: teamMembers.userId }).from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.role, 'teacher')));
  return { teamId: team.id, teacherIds: [...new Set([team.ownerId, ...helpers.map((h) => h.userId)])] };
}
