import { and, asc, count, eq, ilike } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { ROBOT_ROLE, USE_TYPE } from '@xueban/contract/robots';
import { hasAnyRole } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import { robotMembers } from '../../db/schema/robots.ts';
import { teamMembers, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { findMembership } from '../groups/membership.service.ts';
import { leaveRobotTeams } from '../teams/team-records.service.ts';
import { LEVELS, MANAGER_ROLES, isTeacherLevel, loadManaged, loadVisible, unusableReason } from './robot-access.ts';
import { extraOf } from './robot-view.ts';
import { addRobotMember, removeRobotMember, robotRole, setRobotRole } from './robots.repo.ts';
import { containing } from '../../lib/like.ts';

/**
 * joinRobot: '' or 'user' joins as a student; 'teacher' (the settle step of spec §4) needs a
 * teacher-level account, a robot of the caller's organisation and use_type 2. Only usable robots
 * (is_show and online_status) can be joined; the primary key makes a repeated join one row.
 */
export async function joinRobot(deps: Deps, me: AuthContext, robotId: number, role: '' | 'user' | 'teacher', uid?: number) {
  const { db } = deps;
  if (uid !== undefined && uid !== me.userId) throw forbidden(MSG.noOperationPermission);
  const { robot } = await loadVisible(db, me, robotId);
  const reason = unusableReason(robot);
  if (reason) throw conflict(reason);
  const wanted = role === ROBOT_ROLE.TEACHER ? ROBOT_ROLE.TEACHER : ROBOT_ROLE.USER;
  if (wanted === ROBOT_ROLE.TEACHER) {
    if (!isTeacherLevel(me)) throw forbidden(MSG.noOperationPermission);
    if (robot.groupId !== me.groupId || !extraOf(robot.extra).use_type.includes(USE_TYPE.TEACHER)) throw badRequest(MSG.joinFailed);
  }
  if (!(await addRobotMember(db, robot.id, me.userId, wanted))) throw conflict(MSG.alreadyJoinedRobot);
  return { robot_id: robot.id, role: wanted };
}

/** RobotMember/lists: everyone holding a role on the robot, with their team. */
export async function memberList(
  deps: Deps, me: AuthContext, robotId: number, q: PageParams & { role?: string | undefined; keyword?: string | undefined },
) {
  const { db } = deps;
  await loadManaged(db, me, robotId, LEVELS.view);
  const { limit, offset } = resolvePage(q);
  const where = and(
    eq(robotMembers.robotId, robotId),
    q.role ? eq(robotMembers.role, q.role) : undefined,
    q.keyword ? ilike(users.truename, containing(q.keyword)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(robotMembers).innerJoin(users, eq(users.id, robotMembers.userId)).where(where);
  const rows = await db
    .select({
      uid: users.id, truename: users.truename, avatar: users.avatar, role: robotMembers.role, join_time: robotMembers.createdAt,
      team_id: teamMembers.teamId, team_title: teams.title,
    })
    .from(robotMembers)
    .innerJoin(users, eq(users.id, robotMembers.userId))
    .leftJoin(teamMembers, and(eq(teamMembers.robotId, robotMembers.robotId), eq(teamMembers.userId, robotMembers.userId)))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(where)
    .orderBy(asc(robotMembers.createdAt), asc(users.id))
    .limit(limit)
    .offset(offset);
  return pageOf(q, total?.n ?? 0, rows.map((r) => ({
    ...r, team_id: r.team_id ?? 0, team_title: r.team_title ?? '', join_time: toSeconds(r.join_time),
  })));
}

/**
 * RobotMember/addRobotUser: the creator makes a colleague a cooperator. The colleague must be a
 * teacher, creator, developer or admin of the robot's organisation (they open robot management).
 */
export async function addCooperator(deps: Deps, me: AuthContext, robotId: number, uid: number) {
  const { db } = deps;
  const { view } = await loadManaged(db, me, robotId, LEVELS.owner);
  const member = await findMembership(db, view.robot.groupId, uid);
  if (!member) throw notFound();
  if (!hasAnyRole(member.roles, MANAGER_ROLES)) throw badRequest(MSG.cooperatorNeedsRole);
  const current = await robotRole(db, robotId, uid);
  if (current === ROBOT_ROLE.CREATOR || current === ROBOT_ROLE.COOPERATOR || uid === view.robot.creatorId) {
    throw conflict(MSG.alreadyCooperator);
  }
  await setRobotRole(db, robotId, uid, ROBOT_ROLE.COOPERATOR);
  return { robot_id: robotId, uid, role: ROBOT_ROLE.COOPERATOR };
}

/** RobotMember/unbindMember: removes anyone but the creator, and takes them out of their team. */
export async function unbindMember(deps: Deps, me: AuthContext, robotId: number, uid: number) {
  const { db } = deps;
  const { view } = await loadManaged(db, me, robotId, LEVELS.owner);
  const current = await robotRole(db, robotId, uid);
  if (!current) throw notFound();
  if (current === ROBOT_ROLE.CREATOR || uid === view.robot.creatorId) throw badRequest(MSG.cannotRemoveCreator);
  await db.transaction(async (tx) => {
    await leaveRobotTeams(tx, robotId, uid);
    await removeRobotMember(tx, robotId, uid);
  });
}
