import { and } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { TEAM_SIZE } from '@xueban/contract/robots';
import { isTeacherRoleAbove } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { findMembership } from '../groups/membership.service.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { ensureRobotRole } from '../robots/robot-records.service.ts';
import { newInviteCode } from './invite-code.ts';
import {
  countTeamMembers, deleteTeam, deleteTeamMember, findTeam, insertTeam, insertTeamMember, listTeamMembers, listTeams,
  lockTeam, orgUsersByAccount, orgUsersByOpenid, setTeamMemberRole, teamMembership, teamWithCount, teamsLedBy, teamsOnRobot, titleTaken,
  updateTeam, type TeamRow,
} from './teams.repo.ts';

type TeamRole = 'teacher' | 'student';
type TeamListRow = NonNullable<Awaited<ReturnType<typeof teamWithCount>>>;

export const inviteUrl = (deps: Deps, t: TeamRow) =>
  `${deps.config.PUBLIC_URL ?? ''}/robot/about/${t.robotId}?invite_code=${t.code}&from=invite`;

/** Team of spec §3: id, title, code, invite_url, team_size, member_count, uid and truename of its teacher. */
export const toTeam = (deps: Deps, r: TeamListRow) => ({
  id: r.team.id,
  title: r.team.title,
  code: r.team.code,
  invite_url: inviteUrl(deps, r.team),
  team_size: r.team.teamSize,
  member_count: r.memberCount,
  uid: r.team.ownerId,
  truename: r.ownerName,
  avatar: r.ownerAvatar,
  robot_id: r.team.robotId,
  team_category_id: r.team.teamCategoryId,
  create_time: toSeconds(r.team.createdAt),
});

/**
 * A team the caller may run: its owner, a team teacher, or the robot's creator-level managers
 * (ownerOnly: owner or creator-level). Another organisation's team is a 404.
 */
export async function manageableTeam(db: Db, me: AuthContext, teamId: number, ownerOnly = false): Promise<TeamRow> {
  const team = await findTeam(db, teamId);
  if (!team || (!me.isSuperAdmin && team.groupId !== me.groupId)) throw notFound();
  const { level } = await loadManaged(db, me, team.robotId, LEVELS.teams);
  if (level === 'creator' || team.ownerId === me.userId) return team;
  if (!ownerOnly) {
    const m = await teamMembership(db, team.robotId, me.userId);
    if (m?.teamId === team.id && m.role === 'teacher') return team;
  }
  throw forbidden(MSG.noOperationPermission);
}

export type JoinResult = 'joined' | 'same' | 'other' | 'full' | 'gone';

/**
 * Joins one team under a lock on its row, so concurrent joins never pass team_size; the
 * (robot, user) primary key keeps a user in one team per robot. Gives a robot role as well.
 */
export function joinTeamTx(db: Db, team: TeamRow, userId: number, role: TeamRole): Promise<JoinResult> {
  return db.transaction(async (tx) => {
    const locked = await lockTeam(tx, team.id);
    if (!locked) return 'gone';
    const existing = await teamMembership(tx, team.robotId, userId);
    if (existing) return existing.teamId === team.id ? 'same' : 'other';
    if ((await countTeamMembers(tx, team.id)) >= locked.teamSize) return 'full';
    if (!(await insertTeamMember(tx, { robotId: team.robotId, userId, teamId: team.id, role }))) return 'other';
    await ensureRobotRole(tx, team.robotId, userId, role === 'teacher' ? 'teacher' : 'user');
    return 'joined';
  });
}

/** Adds organisation members by openid; those unknown here, already in a team, or over the size are skipped. */
async function addUsers(db: Db, team: TeamRow, list: { openid: string; group_id?: number | undefined; role: TeamRole }[]) {
  const found = new Map((await orgUsersByOpenid(db, team.groupId, list.map((u) => u.openid))).map((u) => [u.openid, u]));
  const skipped: string[] = [];
  for (const u of list) {
    const user = found.get(u.openid);
    const fits = user && (!u.group_id || u.group_id === team.groupId) && (u.role !== 'teacher' || isTeacherRoleAbove(user.roles));
    if (!fits || (await joinTeamTx(db, team, user.id, u.role)) !== 'joined') skipped.push(u.openid);
  }
  return skipped;
}

/** checkRobotTeamName: 团队名称不能重复 within one robot (the team being edited excepted). */
export async function checkTeamName(deps: Deps, me: AuthContext, title: string, robotId: number, id?: number) {
  await loadManaged(deps.db, me, robotId, LEVELS.teams);
  if (id) {
    const team = await findTeam(deps.db, id);
    if (!team || team.robotId !== robotId) throw notFound();
  }
  if (await titleTaken(deps.db, robotId, title, id)) throw conflict(MSG.teamNameTaken);
  return { title, available: true };
}

export interface SaveTeamInput {
  id?: number | undefined;
  title: string;
  robot_id: number;
  with_info?: number | undefined;
  team_category_id: number;
  team_size?: number | undefined;
  users: { openid: string; group_id?: number | undefined; role: TeamRole }[];
}

/** Team create/update: only the robot's teachers (and creator-level managers) create teams. */
export async function saveTeam(deps: Deps, me: AuthContext, body: SaveTeamInput) {
  const { db } = deps;
  const { view } = await loadManaged(db, me, body.robot_id, LEVELS.teams);
  const robot = view.robot;
  let team: TeamRow | null;
  if (body.id) {
    team = await manageableTeam(db, me, body.id);
    if (team.robotId !== robot.id) throw notFound();
    if (await titleTaken(db, robot.id, body.title, team.id)) throw conflict(MSG.teamNameTaken);
    if (body.team_size !== undefined && body.team_size < (await countTeamMembers(db, team.id))) throw badRequest(MSG.teamSizeTooSmall);
    try {
      await updateTeam(db, team.id, { title: body.title, teamCategoryId: body.team_category_id, ...(body.team_size ? { teamSize: body.team_size } : {}) });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.teamNameTaken);
      throw err;
    }
  } else {
    if (await titleTaken(db, robot.id, body.title)) throw conflict(MSG.teamNameTaken);
    team = await insertTeam(db, {
      robotId: robot.id, groupId: robot.groupId, title: body.title, code: newInviteCode(deps.config.APP_SECRET),
      teamSize: body.team_size ?? TEAM_SIZE.default, teamCategoryId: body.team_category_id, ownerId: me.userId,
    });
    if (!team) throw conflict(MSG.teamNameTaken);
  }
  const skipped = body.users.length > 0 ? await addUsers(db, team, body.users) : [];
  const row = (await teamWithCount(db, team.id))!;
  return {
    ...toTeam(deps, row),
    skipped,
    ...(body.with_info ? { robot: { id: robot.id, name: robot.name, avatar: robot.avatar, code: robot.code } } : {}),
  };
}

export async function addTeamMembers(deps: Deps, me: AuthContext, id: number, users: SaveTeamInput['users']) {
  const team = await manageableTeam(deps.db, me, id);
  const skipped = await addUsers(deps.db, team, users);
  return { ...toTeam(deps, (await teamWithCount(deps.db, id))!), skipped };
}

/**
 * 添加成员 by account: the organisation's users named by mobile or email join the class with `role`.
 * Answers how many joined and which accounts did not (unknown here, no teacher account for the
 * teacher role, or already in a class of this robot), so the teacher can tell each one.
 */
export async function addMembersByAccount(deps: Deps, me: AuthContext, id: number, accounts: string[], role: TeamRole) {
  const team = await manageableTeam(deps.db, me, id);
  const unique = [...new Set(accounts)];
  const found = await orgUsersByAccount(deps.db, team.groupId, unique);
  const openidOf = (a: string) => found.find((u) => u.mobile === a || u.email?.toLowerCase() === a.toLowerCase())?.openid;
  const named = unique.flatMap((a) => {
    const openid = openidOf(a);
    return openid ? [{ account: a, openid }] : [];
  });
  const openids = [...new Set(named.map((n) => n.openid))]; // one person named by mobile and email joins once
  const skippedOpenids = new Set(await addUsers(deps.db, team, openids.map((openid) => ({ openid, role }))));
  const added = named.filter((n) => !skippedOpenids.has(n.openid));
  return { added: added.length, skipped: unique.filter((a) => !added.some((n) => n.account === a)) };
}

/** team changeRole: a member becomes a team teacher (a teacher account only) or a student. */
export async function changeTeamRole(deps: Deps, me: AuthContext, id: number, uid: number, role: TeamRole) {
  const { db } = deps;
  const team = await manageableTeam(db, me, id);
  const m = await teamMembership(db, team.robotId, uid);
  if (!m || m.teamId !== team.id) throw notFound(MSG.notTeamMember);
  if (role === 'teacher') {
    const member = await findMembership(db, team.groupId, uid);
    if (!isTeacherRoleAbove(member?.roles ?? [])) throw badRequest(MSG.teamTeacherNeedsRole);
  }
  await db.transaction(async (tx) => {
    await setTeamMemberRole(tx, team.id, uid, role);
    if (role === 'teacher') await ensureRobotRole(tx, team.robotId, uid, 'teacher');
  });
}

export async function removeTeam(deps: Deps, me: AuthContext, id: number) {
  const team = await manageableTeam(deps.db, me, id, true);
  await deleteTeam(deps.db, team.id);
}

export async function removeTeamMember(deps: Deps, me: AuthContext, id: number, uid: number) {
  const team = await manageableTeam(deps.db, me, id);
  if (!(await deleteTeamMember(deps.db, team.id, uid))) throw notFound(MSG.notTeamMember);
}

/** team leave: a member leaves; their role on the robot stays. The team's teacher deletes it instead. */
export async function leaveTeam(deps: Deps, me: AuthContext, id: number) {
  const { db } = deps;
  const team = await findTeam(db, id);
  if (team && team.ownerId === me.userId) throw badRequest(MSG.teamOwnerCannotLeave);
  if (!team || !(await deleteTeamMember(db, team.id, me.userId))) throw notFound();
}

/** A robot's teams: all of them for creator-level managers, the ones they lead for teachers. */
export async function teamList(deps: Deps, me: AuthContext, robotId: number, q: PageParams & { keyword?: string | undefined }) {
  const { level } = await loadManaged(deps.db, me, robotId, LEVELS.teams);
  const { limit, offset } = resolvePage(q);
  const where = and(teamsOnRobot(robotId, q.keyword), level === 'creator' ? undefined : teamsLedBy(me.userId));
  const { total, rows } = await listTeams(deps.db, where, limit, offset);
  return pageOf(q, total, rows.map((r) => toTeam(deps, r)));
}

export async function teamMemberList(deps: Deps, me: AuthContext, id: number, q: PageParams) {
  const team = await manageableTeam(deps.db, me, id);
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listTeamMembers(deps.db, team.id, limit, offset);
  return pageOf(q, total, rows.map((r) => ({ ...r, join_time: toSeconds(r.join_time) })));
}
