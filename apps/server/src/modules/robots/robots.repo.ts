import { and, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { IS_PUBLIC, ROBOT_SOURCE } from '@xueban/contract/robots';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import {
  DEFAULT_CONFIG, DEFAULT_EXTRA, industries, robotMembers, robotUsed, robots, scenes,
  type OnboardingInfo, type RobotExtra,
} from '../../db/schema/robots.ts';
import type { RobotRow } from '../../db/schema/robots.ts';
import { teamMembers } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { pageTotal, readPage, totalOver } from '../../db/paged.ts';

export type { RobotRow };

/** Who is asking: robot queries compute the caller's role, usage and team alongside each robot. */
export interface Viewer { userId: number; groupId: number; isSuperAdmin: boolean }

/** A robot as one caller sees it. */
export interface RobotView {
  robot: RobotRow;
  creatorName: string;
  creatorAvatar: string;
  role: string | null;
  memberCount: number;
  isUsed: boolean;
  teamId: number | null;
}

const viewColumns = (userId: number | SQLWrapper) => ({
  robot: robots,
  creatorName: users.truename,
  creatorAvatar: users.avatar,
  role: sql<string | null>`(select ${robotMembers.role} from ${robotMembers} where ${robotMembers.robotId} = ${robots.id} and ${robotMembers.userId} = ${userId})`,
  memberCount: sql<number>`(select count(*)::int from ${robotMembers} where ${robotMembers.robotId} = ${robots.id})`,
  isUsed: sql<boolean>`exists (select 1 from ${robotUsed} where ${robotUsed.robotId} = ${robots.id} and ${robotUsed.userId} = ${userId})`,
  teamId: sql<number | null>`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.robotId} = ${robots.id} and ${teamMembers.userId} = ${userId})`,
});

export const isMemberOf = (userId: number | SQLWrapper, role?: string | SQLWrapper) =>
  sql`exists (select 1 from ${robotMembers} where ${robotMembers.robotId} = ${robots.id} and ${robotMembers.userId} = ${userId}${role ? sql` and ${robotMembers.role} = ${role}` : sql``})`;

/**
 * Robots a caller may see (design §8): their organisation's, the robot square's (is_public 1),
 * the template library's, and any robot they hold a role on. Super admins see all.
 */
export function visibleTo(v: Pick<Viewer, 'isSuperAdmin'> & { userId: number | SQLWrapper; groupId: number | SQLWrapper }): SQL | undefined {
  if (v.isSuperAdmin) return undefined;
  return or(eq(robots.groupId, v.groupId), eq(robots.isPublic, 1), eq(robots.isTemplate, true), isMemberOf(v.userId));
}

/** Robots a caller may manage: only their current organisation's (super admins: all). */
export function managedBy(v: Viewer): SQL | undefined {
  return v.isSuperAdmin ? undefined : eq(robots.groupId, v.groupId);
}

export async function findRobotView(db: Db, v: Viewer, id: number, scope: SQL | undefined): Promise<RobotView | null> {
  const [row] = await db
    .select(viewColumns(v.userId))
    .from(robots)
    .innerJoin(users, eq(users.id, robots.creatorId))
    .where(and(eq(robots.id, id), scope))
    .limit(1);
  return row ?? null;
}

export async function listRobotViews(
  db: Db, v: Viewer, where: SQL | undefined, limit: number, offset: number, order: SQL[] = [desc(robots.id)],
): Promise<{ total: number; rows: RobotView[] }> {
  const rows = await db
    .select({ ...viewColumns(v.userId), total: totalOver() })
    .from(robots)
    .innerJoin(users, eq(users.id, robots.creatorId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, offset, async () => (await db.select({ n: count() }).from(robots).where(where))[0]?.n ?? 0);
  return { total, rows };
}

/** Which filters a Robot/lists call uses: each combination is one statement, built once. */
export interface RobotListShape {
  type: 'my' | 'square' | 'template';
  role: boolean; isolate: boolean; scene: boolean; industry: boolean; keyword: boolean;
}
/** The values of a Robot/lists statement (those its shape does not use are ignored). */
export type RobotListValues = {
  userId: number; groupId: number; role: string; sceneId: number; industryId: number; pattern: string; limit: number; offset: number;
};

/**
 * Robot/lists. 'my': robots the caller holds a role on; 'square': usable robots in the square
 * (is_public 1 from every organisation, 2 from the caller's own); 'template': the platform library.
 */
function robotListStatement(db: Db, s: RobotListShape) {
  const name = `robot_list_${s.type}_${+s.role}${+s.isolate}${+s.scene}${+s.industry}${+s.keyword}`;
  return builtOnce(db, name, () => {
    const value = sql.placeholder;
    const own = eq(robots.groupId, value('groupId'));
    const byType = {
      my: isMemberOf(value('userId'), s.role ? value('role') : undefined),
      square: and(
        eq(robots.isShow, true), eq(robots.onlineStatus, true),
        or(eq(robots.isPublic, IS_PUBLIC.SQUARE), and(eq(robots.isPublic, IS_PUBLIC.ORG), own)),
      ),
      template: eq(robots.isTemplate, true),
    };
    return db
      .select({ ...viewColumns(value('userId')), total: totalOver() })
      .from(robots)
      .innerJoin(users, eq(users.id, robots.creatorId))
      .where(and(
        byType[s.type],
        s.isolate ? own : undefined,
        s.scene ? eq(robots.sceneId, value('sceneId')) : undefined,
        s.industry ? sql`${value('industryId')}::int = any(${robots.industryIds})` : undefined,
        s.keyword ? ilike(robots.name, value('pattern')) : undefined,
      ))
      .orderBy(desc(robots.id))
      .limit(value('limit'))
      .offset(value('offset'))
      .prepare(name);
  });
}

export async function listRobotPage(db: Db, s: RobotListShape, v: RobotListValues): Promise<{ total: number; rows: RobotView[] }> {
  return readPage(robotListStatement(db, s), v);
}

export async function findRobot(db: Db, id: number): Promise<RobotRow | null> {
  const [row] = await db.select().from(robots).where(eq(robots.id, id)).limit(1);
  return row ?? null;
}

export async function insertRobot(db: Db, values: typeof robots.$inferInsert): Promise<RobotRow> {
  const [row] = await db.insert(robots).values(values).returning();
  return row!;
}

/**
 * The copy a teacher settled (入驻, source 2) from `sourceId` in one organisation, if it still
 * exists: a teacher settles a robot once and then runs that copy.
 */
export async function findSettledCopy(db: Db, userId: number, groupId: number, sourceId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select({ id: robots.id, name: robots.name }).from(robots)
    .where(and(
      eq(robots.sourceRobotId, sourceId), eq(robots.creatorId, userId), eq(robots.groupId, groupId),
      eq(robots.source, ROBOT_SOURCE.SETTLE),
    ))
    .orderBy(robots.id)
    .limit(1);
  return row ?? null;
}

export async function updateRobot(db: Db, id: number, values: Partial<typeof robots.$inferInsert>) {
  await db.update(robots).set({ ...values, updatedAt: new Date() }).where(eq(robots.id, id));
}

export async function deleteRobot(db: Db, id: number) {
  await db.delete(robots).where(eq(robots.id, id));
}

/** Shallow-merges into extra in one statement, so two editors never clobber each other's fields. */
export async function mergeExtra(db: Db, id: number, patch: Partial<RobotExtra>): Promise<RobotExtra> {
  const [row] = await db.update(robots)
    .set({ extra: sql`${JSON.stringify(DEFAULT_EXTRA)}::jsonb || ${robots.extra} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(robots.id, id))
    .returning({ extra: robots.extra });
  return row!.extra;
}

export async function mergeOnboarding(db: Db, id: number, patch: Partial<OnboardingInfo>) {
  const base = JSON.stringify(DEFAULT_CONFIG.onboarding_info);
  const [row] = await db.update(robots)
    .set({
      config: sql`jsonb_set(${robots.config}, '{onboarding_info}', ${base}::jsonb || coalesce(${robots.config} -> 'onboarding_info', '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(robots.id, id))
    .returning({ config: robots.config });
  return row!.config;
}

export async function incrementCounter(db: Db, id: number, field: 'viewNum' | 'copyNum'): Promise<number> {
  const column = robots[field];
  const [row] = await db.update(robots).set({ [field]: sql`${column} + 1` }).where(eq(robots.id, id)).returning({ n: column });
  return row?.n ?? 0;
}

export async function sceneExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: scenes.id }).from(scenes).where(eq(scenes.id, id)).limit(1);
  return !!row;
}

/** Keeps the known industry ids, once each, in the given order. */
export async function knownIndustryIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: industries.id }).from(industries).where(inArray(industries.id, ids));
  const known = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => known.has(id));
}

export async function industriesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: industries.id, name: industries.name }).from(industries).where(inArray(industries.id, ids));
}

export async function sceneOf(db: Db, id: number) {
  const [row] = await db.select({ id: scenes.id, name: scenes.name }).from(scenes).where(eq(scenes.id, id)).limit(1);
  return row ?? null;
}

// ——— robot members ———

export async function robotRole(db: Db, robotId: number, userId: number): Promise<string | null> {
  const [row] = await db.select({ role: robotMembers.role }).from(robotMembers)
    .where(and(eq(robotMembers.robotId, robotId), eq(robotMembers.userId, userId))).limit(1);
  return row?.role ?? null;
}

/** Adds a role; false when the user already holds one (the primary key settles racing joins). */
export async function addRobotMember(db: Db, robotId: number, userId: number, role: string): Promise<boolean> {
  const rows = await db.insert(robotMembers).values({ robotId, userId, role }).onConflictDoNothing()
    .returning({ userId: robotMembers.userId });
  return rows.length > 0;
}

export async function setRobotRole(db: Db, robotId: number, userId: number, role: string) {
  await db.insert(robotMembers).values({ robotId, userId, role })
    .onConflictDoUpdate({ target: [robotMembers.robotId, robotMembers.userId], set: { role } });
}

/** Joining a team gives a robot role: none becomes user (or teacher); user may become teacher; others stay. */
export async function ensureRobotRole(db: Db, robotId: number, userId: number, role: 'user' | 'teacher') {
  await db.insert(robotMembers).values({ robotId, userId, role }).onConflictDoUpdate({
    target: [robotMembers.robotId, robotMembers.userId],
    set: { role: sql`excluded.role` },
    setWhere: sql`${robotMembers.role} = 'user' and excluded.role = 'teacher'`,
  });
}

export async function removeRobotMember(db: Db, robotId: number, userId: number) {
  await db.delete(robotMembers).where(and(eq(robotMembers.robotId, robotId), eq(robotMembers.userId, userId)));
}

export async function roleCounts(db: Db, robotId: number): Promise<Record<string, number>> {
  const rows = await db.select({ role: robotMembers.role, n: count() }).from(robotMembers)
    .where(eq(robotMembers.robotId, robotId)).groupBy(robotMembers.role);
  return Object.fromEntries(rows.map((r) => [r.role, r.n]));
}

// ——— recently used ———

export async function markUsed(db: Db, userId: number, robotId: number, groupId: number, isTalk: boolean) {
  const usedAt = new Date();
  await db.insert(robotUsed).values({ userId, robotId, groupId, isTalk, usedAt })
    .onConflictDoUpdate({ target: [robotUsed.userId, robotUsed.robotId], set: { groupId, isTalk, usedAt } });
}

export async function unmarkUsed(db: Db, userId: number, robotId: number) {
  await db.delete(robotUsed).where(and(eq(robotUsed.userId, userId), eq(robotUsed.robotId, robotId)));
}

export const usedBy = (userId: number, groupId: number) =>
  sql`exists (select 1 from ${robotUsed} where ${robotUsed.robotId} = ${robots.id} and ${robotUsed.userId} = ${userId} and ${robotUsed.groupId} = ${groupId})`;

export const lastUsedAt = (userId: number) =>
  sql`(select ${robotUsed.usedAt} from ${robotUsed} where ${robotUsed.robotId} = ${robots.id} and ${robotUsed.userId} = ${userId})`;

export async function usedCount(db: Db, robotId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(robotUsed).where(eq(robotUsed.robotId, robotId));
  return row?.n ?? 0;
}
