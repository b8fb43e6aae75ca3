import { MSG } from '@xueban/contract/messages';
import type { ClassInfo, ClassNews, RosterMember } from '@xueban/contract/classes';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { formatChinaTime, toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { LEVELS, loadManaged, loadVisible } from '../robots/robot-access.ts';
import { newInviteCode } from './invite-code.ts';
import {
  classRows, coTeachersOf, teamIdsOnRobot, moveStudent, recentNews, rosterRows, setMemberQuota, studentNews, type ClassRow, type NewsRow,
} from './classes.repo.ts';
import { countTeamMembers, insertTeamNews, lockTeam, studentTeam, teamsLedByTeacher, updateTeam } from './teams.repo.ts';
import { manageableTeam } from './teams.service.ts';

/** 'YYYY-MM-DD' in China time: the day a daily quota counts on. */
export const chinaDay = (now = new Date()) => formatChinaTime(now).slice(0, 10);

const expired = (t: { inviteExpiresAt: Date | null }, now = Date.now()) => !!t.inviteExpiresAt && t.inviteExpiresAt.getTime() <= now;
export const inviteExpired = expired;

async function toClasses(db: Db, rows: ClassRow[]): Promise<ClassInfo[]> {
  const teachers = await coTeachersOf(db, rows.map((r) => r.team.id));
  return rows.map(({ team, studentCount, ownerName, ownerAvatar }) => ({
    id: team.id,
    title: team.title,
    robot_id: team.robotId,
    code: team.code,
    invite_expire_time: toSeconds(team.inviteExpiresAt),
    invite_expired: expired(team),
    daily_quota: team.dailyQuota,
    team_size: team.teamSize,
    student_count: studentCount,
    owner: { uid: team.ownerId, truename: ownerName, avatar: ownerAvatar },
    co_teachers: teachers.filter((t) => t.teamId === team.id && t.uid !== team.ownerId).map(({ teamId: _t, ...p }) => p),
    create_time: toSeconds(team.createdAt),
  }));
}

async function oneClass(db: Db, id: number): Promise<ClassInfo> {
  const [c] = await toClasses(db, await classRows(db, [id]));
  if (!c) throw notFound();
  return c;
}

/**
 * The classes the caller leads (owner or team teacher) in their organisation; on one robot, a
 * creator-level manager of it sees all its classes (as RobotTeam/lists does).
 */
export async function myClasses(deps: Deps, me: AuthContext, robotId?: number): Promise<ClassInfo[]> {
  const { db } = deps;
  let ids: number[];
  if (robotId) {
    const { level } = await loadManaged(db, me, robotId, LEVELS.teams);
    ids = level === 'creator'
      ? await teamIdsOnRobot(db, robotId)
      : (await teamsLedByTeacher(db, me.userId, robotId)).map((t) => t.id);
  } else {
    ids = (await teamsLedByTeacher(db, me.userId)).filter((t) => me.isSuperAdmin || t.groupId === me.groupId).map((t) => t.id);
  }
  return toClasses(db, await classRows(db, ids));
}

/** The members a teacher sees: who, their account, when they joined, their quota and questions today. */
export async function classRoster(deps: Deps, me: AuthContext, id: number): Promise<{ class: ClassInfo; members: RosterMember[] }> {
  const team = await manageableTeam(deps.db, me, id);
  const rows = await rosterRows(deps.db, team, chinaDay());
  return {
    class: await oneClass(deps.db, team.id),
    members: rows.map((r) => ({
      uid: r.uid, openid: r.openid, account: r.mobile || r.email || r.openid, truename: r.truename, avatar: r.avatar,
      role: r.role, join_time: toSeconds(r.joinedAt), daily_quota: r.dailyQuota, asked_today: r.askedToday,
    })),
  };
}

/** Sets (or, with null, clears) when the invite code stops working. */
export async function setInviteExpiry(deps: Deps, me: AuthContext, id: number, expireTime: number | null) {
  const team = await manageableTeam(deps.db, me, id);
  await updateTeam(deps.db, team.id, { inviteExpiresAt: expireTime ? new Date(expireTime * 1000) : null });
  return oneClass(deps.db, team.id);
}

/** A new invite code with no expiry: the old code (and its links) stop working. */
export async function renewInvite(deps: Deps, me: AuthContext, id: number) {
  const team = await manageableTeam(deps.db, me, id);
  await updateTeam(deps.db, team.id, { code: newInviteCode(deps.config.APP_SECRET), inviteExpiresAt: null });
  return oneClass(deps.db, team.id);
}

export async function setClassQuota(deps: Deps, me: AuthContext, id: number, quota: number | null) {
  const team = await manageableTeam(deps.db, me, id);
  await updateTeam(deps.db, team.id, { dailyQuota: quota });
  return oneClass(deps.db, team.id);
}

export async function setStudentQuota(deps: Deps, me: AuthContext, id: number, uid: number, quota: number | null) {
  const team = await manageableTeam(deps.db, me, id);
  if (!(await setMemberQuota(deps.db, team.id, uid, quota))) throw notFound(MSG.notTeamMember);
}

/** Moves a student to another class of the same robot that the caller also runs, within its size. */
export async function moveClassMember(deps: Deps, me: AuthContext, id: number, uid: number, toTeamId: number) {
  const { db } = deps;
  const from = await manageableTeam(db, me, id);
  const to = await manageableTeam(db, me, toTeamId);
  if (to.robotId !== from.robotId) throw badRequest('只能转到同一机器人的其他班级');
  if (to.id === from.id) throw badRequest('该学生已在这个班级');
  await db.transaction(async (tx) => {
    const locked = await lockTeam(tx, to.id);
    if (!locked) throw notFound();
    if ((await countTeamMembers(tx, to.id)) >= locked.teamSize) throw conflict(MSG.teamFull);
    if (!(await moveStudent(tx, from.id, to.id, uid))) throw notFound(MSG.notTeamMember);
  });
}

export async function postClassNotice(deps: Deps, me: AuthContext, id: number, title: string) {
  const team = await manageableTeam(deps.db, me, id);
  await insertTeamNews(deps.db, [{ teamId: team.id, groupId: team.groupId, kind: 'notice', title, actorId: me.userId, link: null }]);
}

const toNews = (r: NewsRow): ClassNews => ({
  id: r.id, team_id: r.teamId, team_title: r.teamTitle, kind: r.kind, title: r.title, link: r.link ?? null,
  personal: r.userId !== null, create_time: toSeconds(r.createdAt),
});

/** The latest news of the classes the caller runs on a robot (space detail). */
export async function robotClassNews(deps: Deps, me: AuthContext, robotId: number) {
  const ids = (await myClasses(deps, me, robotId)).map((c) => c.id);
  return (await recentNews(deps.db, ids, 20)).map(toNews);
}

/** The student's class news on a robot, newest first; none when they are in no class there. */
export async function myClassNews(deps: Deps, me: AuthContext, q: PageParams & { robot_id: number }) {
  const { limit, offset } = resolvePage(q);
  await loadVisible(deps.db, me, q.robot_id);
  const team = await studentTeam(deps.db, q.robot_id, me.userId);
  if (!team || (!me.isSuperAdmin && team.groupId !== me.groupId)) return pageOf(q, 0, []);
  const { total, rows } = await studentNews(deps.db, team.id, me.userId, limit, offset);
  return pageOf(q, total, rows.map(toNews));
}

