import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ManagedRecordItem, ReplyStatus } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { ROBOT_ROLE } from '@xueban/contract/robots';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import { chatRecords, chatSessions } from '../../db/schema/chat.ts';
import { robotMembers, robots } from '../../db/schema/robots.ts';
import { users } from '../../db/schema/users.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { LEVELS, loadManaged, loadVisible } from '../robots/robot-access.ts';
import { findOwnRecord, toRecordItem, toggleCollect } from './chat.repo.ts';
import { withFreshAnnexLinks } from './record-links.ts';
import { containing } from '../../lib/like.ts';

const owner = (me: AuthContext) => ({ userId: me.userId, groupId: me.groupId });

/** ChatRecords/detail: one of the caller's own exchanges with that robot, else 404. */
export async function recordDetail(deps: Deps, me: AuthContext, id: number, robotId: number) {
  const r = await findOwnRecord(deps.db, owner(me), id);
  if (!r || r.robotId !== robotId) throw notFound(MSG.recordNotFound);
  return toRecordItem(withFreshAnnexLinks(r, deps.config));
}

/** ChatRecords/collect: marks or unmarks one of the caller's own exchanges. */
export async function collectRecord(deps: Deps, me: AuthContext, id: number) {
  const r = await findOwnRecord(deps.db, owner(me), id);
  if (!r) throw notFound(MSG.recordNotFound);
  return { is_collect: (await toggleCollect(deps.db, r.id)) ? 1 : 0 };
}

/** One of the caller's own exchanges, as the voice view reads it aloud (voiceGenerate), else 404. */
export async function ownRecordAnswer(deps: Deps, me: AuthContext, id: number): Promise<{ id: number; groupId: number; answer: string; status: ReplyStatus }> {
  const r = await findOwnRecord(deps.db, owner(me), id);
  if (!r) throw notFound(MSG.recordNotFound);
  return { id: r.id, groupId: r.groupId, answer: r.answer, status: r.status };
}

export interface RecordFilter { robot_id?: number | undefined; keyword?: string | undefined; status?: ReplyStatus | undefined }


/** Robots whose conversations a non-admin reads: those they created or help run (creator, cooperator, teacher). */
const runBy = (userId: number) => or(
  eq(robots.creatorId, userId),
  sql`exists (select 1 from ${robotMembers} where ${robotMembers.robotId} = ${robots.id} and ${robotMembers.userId} = ${userId}
    and ${inArray(robotMembers.role, [ROBOT_ROLE.CREATOR, ROBOT_ROLE.COOPERATOR, ROBOT_ROLE.TEACHER])})`,
);

/**
 * Which conversations the back office (对话管理) shows the caller. The super admin: every
 * organisation's. Anyone else: only conversations held in their current organisation (a square
 * robot's creator elsewhere never reads another school's pupils), all of them for an org admin,
 * else those with robots the caller runs. A robot filter must name a robot the caller may see
 * (admins) or manage (others): another organisation's private robot is a 404.
 */
async function managedScope(deps: Deps, me: AuthContext, f: RecordFilter): Promise<SQL | undefined> {
  const admin = me.isSuperAdmin || isAdminRoleAbove(me.roles);
  if (f.robot_id !== undefined) {
    if (admin) await loadVisible(deps.db, me, f.robot_id);
    else await loadManaged(deps.db, me, f.robot_id, LEVELS.view);
  }
  const keyword = f.keyword ? containing(f.keyword) : undefined;
  return and(
    me.isSuperAdmin ? undefined : eq(chatRecords.groupId, me.groupId),
    admin ? undefined : runBy(me.userId),
    f.robot_id === undefined ? undefined : eq(chatRecords.robotId, f.robot_id),
    f.status ? eq(chatRecords.status, f.status) : undefined,
    keyword ? or(ilike(chatRecords.question, keyword), ilike(chatRecords.answer, keyword), ilike(users.truename, keyword)) : undefined,
  );
}

const joined = (deps: Deps) => deps.db
  .select({ r: chatRecords, truename: users.truename, robotName: robots.name, sessionName: chatSessions.name })
  .from(chatRecords)
  .innerJoin(users, eq(users.id, chatRecords.userId))
  .innerJoin(robots, eq(robots.id, chatRecords.robotId))
  .innerJoin(chatSessions, eq(chatSessions.id, chatRecords.sessionId));

type JoinedRow = { r: typeof chatRecords.$inferSelect; truename: string; robotName: string; sessionName: string };
const toManaged = ({ r, truename, robotName, sessionName }: JoinedRow): ManagedRecordItem => ({
  ...toRecordItem(r), user: { uid: r.userId, truename }, robot_name: robotName, session_name: sessionName,
});

/** ChatRecords/lists: newest first. */
export async function listManagedRecords(deps: Deps, me: AuthContext, q: PageParams & RecordFilter) {
  const where = await managedScope(deps, me, q);
  const { limit, offset } = resolvePage(q);
  const [total] = await deps.db.select({ n: count() }).from(chatRecords)
    .innerJoin(users, eq(users.id, chatRecords.userId))
    .innerJoin(robots, eq(robots.id, chatRecords.robotId))
    .where(where);
  const rows = await joined(deps).where(where).orderBy(desc(chatRecords.id)).limit(limit).offset(offset);
  return pageOf(q, total?.n ?? 0, rows.map(toManaged));
}

/** The rows an export holds: the same filter, newest first, at most `max`. */
export async function managedRecordsForExport(deps: Deps, me: AuthContext, f: RecordFilter, max: number) {
  const where = await managedScope(deps, me, f);
  const rows = await joined(deps).where(where).orderBy(desc(chatRecords.id)).limit(max);
  return rows.map(toManaged);
}

/** ChatRecords/robots: the robots the caller's 对话管理 can filter by (those with conversations in scope). */
export async function managedRecordRobots(deps: Deps, me: AuthContext) {
  const where = await managedScope(deps, me, {});
  return deps.db
    .selectDistinct({ id: robots.id, name: robots.name })
    .from(chatRecords)
    .innerJoin(robots, eq(robots.id, chatRecords.robotId))
    .where(where)
    .orderBy(robots.id)
    .limit(500);
}
