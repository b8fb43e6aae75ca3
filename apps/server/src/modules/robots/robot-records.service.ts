import { IS_PUBLIC, type ReleaseTarget } from '@xueban/contract/robots';
import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { robots } from '../../db/schema/robots.ts';
import { users } from '../../db/schema/users.ts';
import { groups } from '../../db/schema/groups.ts';
import { containing } from '../../lib/like.ts';
import { updateRobot } from './robots.repo.ts';

// What other modules may read and change of robots. The robots and robot_members tables are this
// module's alone (docs/decisions.md "Layering"): releases and teams change them through these.

export { ensureRobotRole, findRobot } from './robots.repo.ts';

/** On the robot square or in the template library, or taken off it (a release decides which). */
export async function setListing(db: Db, robotId: number, target: ReleaseTarget, listed: boolean) {
  await updateRobot(db, robotId, target === 'square'
    ? { isPublic: listed ? IS_PUBLIC.SQUARE : IS_PUBLIC.PRIVATE }
    : { isTemplate: listed });
}

/** The robots copied from one robot within an organisation (teachers' settled copies included). */
export async function copiesInGroup(db: Db, sourceId: number, groupId: number): Promise<number[]> {
  const rows = await db.select({ id: robots.id }).from(robots).where(and(eq(robots.sourceRobotId, sourceId), eq(robots.groupId, groupId)));
  return rows.map((r) => r.id);
}

/** Robots of the organisation by id, with their names (unknown or foreign ids are left out). */
export async function robotNamesByIds(db: Db, groupId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: robots.id, name: robots.name }).from(robots).where(and(eq(robots.groupId, groupId), inArray(robots.id, ids)));
}

/**
 * Robots shared for reuse, as the resource centre lists them: the square and the template library
 * (every organisation), and robots public within the caller's organisation (is_public 2); shown
 * and online ones only, newest first.
 */
export async function sharedRobots(db: Db, groupId: number, o: { keyword?: string | undefined; offset: number; limit: number }) {
  const where = and(
    or(eq(robots.isPublic, IS_PUBLIC.SQUARE), eq(robots.isTemplate, true), and(eq(robots.isPublic, IS_PUBLIC.ORG), eq(robots.groupId, groupId))),
    eq(robots.isShow, true), eq(robots.onlineStatus, true),
    o.keyword ? or(ilike(robots.name, containing(o.keyword)), ilike(robots.info, containing(o.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select({ robot: robots, truename: users.truename, groupName: groups.name }).from(robots)
      .innerJoin(users, eq(users.id, robots.creatorId)).innerJoin(groups, eq(groups.id, robots.groupId))
      .where(where).orderBy(desc(robots.createdAt), desc(robots.id)).limit(o.limit).offset(o.offset),
    db.select({ n: count() }).from(robots).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export { extraOf as extraOfRobot } from './robot-view.ts';
