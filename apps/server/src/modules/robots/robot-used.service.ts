import { and, desc, eq, or, sql } from 'drizzle-orm';
import { IS_PUBLIC, ROBOT_ROLE } from '@xueban/contract/robots';
import type { Deps } from '../../types.ts';
import { robots } from '../../db/schema/robots.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { currentGroup, loadVisible } from './robot-access.ts';
import { toRobot } from './robot-view.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { isMemberOf, lastUsedAt, listRobotViews, markUsed, unmarkUsed, usedBy, visibleTo, type RobotView } from './robots.repo.ts';

const toUsed = (v: RobotView) => ({ rid: v.robot.id, code: v.robot.code, robot: toRobot(v) });
const usable = and(eq(robots.isShow, true), eq(robots.onlineStatus, true));

/** RobotUsed/save: the robot moves to the top of the caller's recently used list in this organisation. */
export async function saveUsed(deps: Deps, me: AuthContext, id: number, isTalk: boolean) {
  const groupId = currentGroup(me);
  const { robot } = await loadVisible(deps.db, me, id);
  await markUsed(deps.db, me.userId, robot.id, groupId, isTalk);
  return { rid: robot.id, code: robot.code };
}

/** Robot/hideRobot: takes a robot out of the caller's recently used list (the side panel's 移除). */
export async function hideRobot(deps: Deps, me: AuthContext, id: number) {
  const { robot } = await loadVisible(deps.db, me, id);
  await unmarkUsed(deps.db, me.userId, robot.id);
}

/** RobotUsed/lists: recently used robots (8 a page), newest first, that the caller can still see. */
export async function usedList(deps: Deps, me: AuthContext, q: PageParams) {
  const { limit, offset } = resolvePage(q);
  const where = and(usedBy(me.userId, me.groupId), visibleTo(me));
  const { total, rows } = await listRobotViews(deps.db, me, where, limit, offset, [sql`${lastUsedAt(me.userId)} desc`, desc(robots.id)]);
  return pageOf(q, total, rows.map(toUsed));
}

/** RobotUsed/usedOrCooperator: robots the caller used here or helps manage (creator or cooperator). */
export async function usedOrCooperator(deps: Deps, me: AuthContext, q: PageParams) {
  const { limit, offset } = resolvePage(q);
  const where = and(
    visibleTo(me),
    or(usedBy(me.userId, me.groupId), and(eq(robots.groupId, me.groupId), or(isMemberOf(me.userId, ROBOT_ROLE.CREATOR), isMemberOf(me.userId, ROBOT_ROLE.COOPERATOR)))),
  );
  const { total, rows } = await listRobotViews(deps.db, me, where, limit, offset, [sql`${lastUsedAt(me.userId)} desc nulls last`, desc(robots.id)]);
  return pageOf(q, total, rows.map(toUsed));
}

/**
 * RobotUsed/defaultRobot: the robot a fresh chat opens — the last usable one used here, else the
 * newest usable one joined in this organisation, else the newest usable one public in it; null when none.
 */
export async function defaultRobot(deps: Deps, me: AuthContext) {
  const own = eq(robots.groupId, me.groupId);
  const tries = [
    { where: and(usable, usedBy(me.userId, me.groupId), visibleTo(me)), order: [sql`${lastUsedAt(me.userId)} desc`] },
    { where: and(usable, own, isMemberOf(me.userId)), order: [desc(robots.id)] },
    { where: and(usable, own, or(eq(robots.isPublic, IS_PUBLIC.ORG), eq(robots.isPublic, IS_PUBLIC.SQUARE))), order: [desc(robots.id)] },
  ];
  for (const t of tries) {
    const { rows } = await listRobotViews(deps.db, me, t.where, 1, 0, t.order);
    if (rows[0]) return toUsed(rows[0]);
  }
  return null;
}
