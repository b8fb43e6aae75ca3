import { sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { ROBOT_ROLE } from '@xueban/contract/robots';
import { MANAGER_ROLES, isAdminRoleAbove, isDeveloper, isTeacherRoleAbove } from '@xueban/contract/roles';
import type { Db } from '../../db/client.ts';
import { robots } from '../../db/schema/robots.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { findRobotView, managedBy, visibleTo, type RobotRow, type RobotView } from './robots.repo.ts';

/** The SQL forms of who sees and who manages a robot, for other modules' queries: the policies live here. */
export { findRobotView, managedBy, visibleTo, type RobotView };

/**
 * Account roles that may open robot management at all (spec §6: teacher-or-above or developer,
 * else 没有操作权限). Declared on management routes, so a student is refused before any lookup.
 */
export { MANAGER_ROLES };
export const manageAccess = { roles: MANAGER_ROLES, denied: MSG.noOperationPermission };

/** What a caller may do on one robot: creator (all), cooperator (design, data, release), teacher (data, teams). */
export type ManageLevel = 'creator' | 'cooperator' | 'teacher';
export const LEVELS = {
  view: ['creator', 'cooperator', 'teacher'],
  edit: ['creator', 'cooperator'],
  owner: ['creator'],
  teams: ['creator', 'teacher'],
} as const satisfies Record<string, readonly ManageLevel[]>;

/**
 * The creator, the organisation's admins and super admins hold every right; a teacher who settled
 * a copy owns it (creator_id) while their role on it reads 'teacher'.
 */
export function manageLevel(robot: RobotRow, role: string | null, me: AuthContext): ManageLevel | null {
  if (me.isSuperAdmin) return 'creator';
  if (robot.groupId !== me.groupId) return null;
  if (role === ROBOT_ROLE.CREATOR || robot.creatorId === me.userId || isAdminRoleAbove(me.roles)) return 'creator';
  if (role === ROBOT_ROLE.COOPERATOR) return 'cooperator';
  if (role === ROBOT_ROLE.TEACHER) return 'teacher';
  return null;
}

/** A robot the caller can see, else 404 机器人不存在 (another organisation's private robot included). */
export async function loadVisible(db: Db, me: AuthContext, id: number): Promise<RobotView> {
  const view = await findRobotView(db, me, id, visibleTo(me));
  if (!view) throw notFound(MSG.robotNotFound);
  return view;
}

/**
 * A robot of the caller's organisation that they may manage at one of `allowed` levels:
 * another organisation's robot is a 404 with no data, a lower role a 403 没有操作权限.
 */
export async function loadManaged(db: Db, me: AuthContext, id: number, allowed: readonly ManageLevel[]) {
  const view = await findRobotView(db, me, id, managedBy(me));
  if (!view) throw notFound(MSG.robotNotFound);
  const level = manageLevel(view.robot, view.role, me);
  if (!level || !allowed.includes(level)) throw forbidden(MSG.noOperationPermission);
  return { view, level };
}

/** Creators/developers and admins create and copy robots (spec §1). */
export const canCreate = (me: AuthContext) => me.isSuperAdmin || isDeveloper(me.roles) || isAdminRoleAbove(me.roles);
/** Teacher settle (入驻) needs a teacher-level account (spec §6). */
export const isTeacherLevel = (me: AuthContext) => me.isSuperAdmin || isTeacherRoleAbove(me.roles);

/** Robots live in an organisation: a caller without a current one cannot create any. */
export function currentGroup(me: AuthContext): number {
  if (!me.groupId) throw forbidden(MSG.orgNotMember);
  return me.groupId;
}

/** Usable only when shown and online (spec §4); the first failing check names the reason. */
export function unusableReason(robot: RobotRow): string | null {
  if (!robot.onlineStatus) return MSG.robotOffline;
  if (!robot.isShow || robot.isClose) return MSG.robotDisabled;
  return null;
}

/** The robots unusableReason passes, in SQL (the chat stores a question only for one); a test keeps the two in step. */
export const usableRobot = sql`(${robots.onlineStatus} and ${robots.isShow} and not ${robots.isClose})`;
