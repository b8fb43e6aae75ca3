import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findGroup } from '../groups/membership.service.ts';
import { findUserById } from '../users/accounts.service.ts';
import { findRobotView, unusableReason, visibleTo, type RobotView } from '../robots/robot-access.ts';
import { verifyInviteCode } from './invite-code.ts';
import { inviteExpired } from './classes.service.ts';
import { countTeamMembers, findTeamByCode, teamMembership, type TeamRow } from './teams.repo.ts';
import { joinTeamTx, type JoinResult } from './teams.service.ts';

/**
 * The team and robot an invite code names. The checksum is verified first, so a tampered or
 * mistyped code costs no lookup; a robot the caller may not see reads as an invalid link.
 */
async function resolveInvite(deps: Deps, me: AuthContext, raw: string): Promise<{ team: TeamRow; view: RobotView }> {
  const code = verifyInviteCode(deps.config.APP_SECRET, raw);
  if (!code) throw notFound(MSG.inviteInvalid);
  const team = await findTeamByCode(deps.db, code);
  // An expired invite reads as an invalid link; the teacher renews it or clears the expiry.
  const view = team && !inviteExpired(team) ? await findRobotView(deps.db, me, team.robotId, visibleTo(me)) : null;
  if (!team || !view) throw notFound(MSG.inviteInvalid);
  return { team, view };
}

/** The checks of spec §4, in order: offline, disabled, already joined, already in another team. */
async function checkJoinable(deps: Deps, me: AuthContext, team: TeamRow, view: RobotView) {
  const reason = unusableReason(view.robot);
  if (reason) throw conflict(reason);
  const membership = await teamMembership(deps.db, team.robotId, me.userId);
  if (team.ownerId === me.userId || (view.role && membership?.teamId === team.id)) throw conflict(MSG.alreadyJoinedRobot);
  if (membership && membership.teamId !== team.id) throw conflict(MSG.alreadyInOtherTeam);
}

/** checkRobotTeamInvite: the invite (team, robot, inviter) to confirm with 同意加入该机器人？ */
export async function checkInvite(deps: Deps, me: AuthContext, rawCode: string) {
  const { db } = deps;
  const { team, view } = await resolveInvite(deps, me, rawCode);
  await checkJoinable(deps, me, team, view);
  const [inviter, group, memberCount] = await Promise.all([
    findUserById(db, team.ownerId), findGroup(db, view.robot.groupId), countTeamMembers(db, team.id),
  ]);
  const r = view.robot;
  return {
    code: team.code,
    inviter_uid: team.ownerId,
    robot_id: r.id,
    team_id: team.id,
    group_name: group?.name ?? '',
    has_joined: !!view.role,
    role: view.role ?? '',
    team: { id: team.id, title: team.title, team_size: team.teamSize, member_count: memberCount, team_category_id: team.teamCategoryId },
    robot: { id: r.id, name: r.name, avatar: r.avatar, info: r.info, code: r.code },
    inviter: { uid: team.ownerId, truename: inviter?.truename ?? '', avatar: inviter?.avatar ?? '' },
  };
}

const JOIN_ERRORS: Record<Exclude<JoinResult, 'joined'>, () => Error> = {
  same: () => conflict(MSG.alreadyJoinedRobot),
  other: () => conflict(MSG.alreadyInOtherTeam),
  full: () => conflict(MSG.teamFull),
  gone: () => notFound(MSG.inviteInvalid),
};

async function accept(deps: Deps, me: AuthContext, team: TeamRow, view: RobotView) {
  await checkJoinable(deps, me, team, view);
  const result = await joinTeamTx(deps.db, team, me.userId, 'student');
  if (result !== 'joined') throw JOIN_ERRORS[result]();
  return { team_id: team.id, robot_id: team.robotId, role: view.role || 'user' };
}

/** operateInviteAction: accept joins the team (and the robot as a student); reject does nothing. */
export async function operateInvite(deps: Deps, me: AuthContext, rawCode: string, action: 'accept' | 'reject') {
  const { team, view } = await resolveInvite(deps, me, rawCode);
  if (action === 'reject') return { joined: false, team_id: team.id, robot_id: team.robotId };
  return { joined: true, ...(await accept(deps, me, team, view)) };
}

/** Join team {team_id, invite_code}: the code must be that team's. */
export async function joinTeamByCode(deps: Deps, me: AuthContext, teamId: number, rawCode: string) {
  const { team, view } = await resolveInvite(deps, me, rawCode);
  if (team.id !== teamId) throw notFound(MSG.inviteInvalid);
  return { joined: true, ...(await accept(deps, me, team, view)) };
}
