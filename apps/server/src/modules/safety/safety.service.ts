import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ALERT_SOURCE_LABEL, type AlertItem } from '@xueban/contract/safety';
import { SEVERITY_LABEL, type SensitiveSeverity } from '@xueban/contract/sensitive';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import { safetyAlerts } from '../../db/schema/safety.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { findTeam, teachersOfStudent, teamsLedByTeacher } from '../teams/team-records.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findMembership } from '../groups/membership.service.ts';
import {
  alertFilterChoices, findAlert, insertAlert, isOptedIn, listAlerts, markHandled, optInUserIds, robotName, setOptedIn, usersByIds,
} from './safety.repo.ts';
import { mailAlert } from './alert-mail.ts';

/** What the chat reports of one hit. */
export interface SafetyHit {
  groupId: number;
  robotId: number;
  sessionId: number | null;
  /** The exchange to open: the answer's own; for a refused question, the session's last one (or none). */
  recordId: number | null;
  studentId: number;
  source: 'question' | 'answer';
  word: string;
  matched: string;
  category: string;
  severity: SensitiveSeverity;
  origin?: 'list' | 'model';
  /** The question, or the answer shown up to the hit. */
  excerpt: string;
}

const EXCERPT_MAX = 500;
const nameOf = (u: { truename: string; name: string } | undefined) => u?.truename || u?.name || '';

/** Where an alert opens the conversation: the teacher console's follow tab, at the exchange. */
export const conversationLink = (robotId: number, recordId: number | null) =>
  `/teacherCenter/console/${robotId}/follow${recordId ? `?record_id=${recordId}` : ''}`;
const GROUP_FLAGS_PATH = '/group/safety/flags';

/**
 * Records a hit and tells who must know (issue 28): the student's teachers on that robot always,
 * and for a high-severity hit also the organisation's admins who opted in — a notification each,
 * and an email when SMTP is configured. Never throws: the chat's answer must not fail for it.
 */
export async function reportSafetyHit(deps: Deps, log: FastifyBaseLogger | undefined, hit: SafetyHit): Promise<void> {
  try {
    const { db } = deps;
    const { teamId, teacherIds } = await teachersOfStudent(db, hit.robotId, hit.studentId);
    await insertAlert(db, {
      ...hit, teamId, origin: hit.origin ?? 'list', excerpt: [...hit.excerpt].slice(-EXCERPT_MAX).join(''), matched: hit.matched.slice(0, 200),
    });
    const admins = hit.severity === 'high' ? await optedInAdmins(db, hit.groupId) : [];
    const teachers = teacherIds.filter((id) => id !== hit.studentId);
    const adminsOnly = admins.filter((id) => !teachers.includes(id) && id !== hit.studentId);
    if (!teachers.length && !adminsOnly.length) return;

    const people = await usersByIds(db, [hit.studentId, ...teachers, ...adminsOnly]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const robot = await robotName(db, hit.robotId);
    const title = `安全预警：${nameOf(byId.get(hit.studentId))}的${ALERT_SOURCE_LABEL[hit.source]}涉及「${hit.category}」（${SEVERITY_LABEL[hit.severity]}）`;
    const content = `机器人「${robot}」，命中「${hit.word}」：${hit.matched}`;
    for (const userId of teachers) await notify(db, { userId, groupId: hit.groupId, title, content, link: conversationLink(hit.robotId, hit.recordId) });
    for (const userId of adminsOnly) await notify(db, { userId, groupId: hit.groupId, title, content, link: GROUP_FLAGS_PATH });
    const emails = [...teachers, ...adminsOnly].map((id) => byId.get(id)?.email).filter((e): e is string => !!e);
    if (log) mailAlert(deps.config, log, emails, title, content);
  } catch (err) {
    (log ?? console).error({ err, hit: { ...hit, excerpt: undefined } }, 'safety alert could not be recorded');
  }
}

/** The organisation's admins who opted in and are still its admins. */
async function optedInAdmins(db: Db, groupId: number): Promise<number[]> {
  const ids = await optInUserIds(db, groupId);
  const still = await Promise.all(ids.map(async (id) => ((await findMembership(db, groupId, id))?.roles.includes(Role.ORG_ADMIN) ? id : 0)));
  return still.filter(Boolean);
}

const isOrgAdmin = (me: AuthContext) => me.roles.includes(Role.ORG_ADMIN);

/**
 * The alerts a caller may see: a teacher those of the students in the classes they lead (in the
 * current organisation); an organisation admin, with scope `group`, all of the organisation's.
 */
async function scopeOf(db: Db, me: AuthContext, scope: 'teacher' | 'group') {
  const inGroup = eq(safetyAlerts.groupId, me.groupId);
  if (scope === 'group') {
    if (!isOrgAdmin(me)) throw forbidden(MSG.safetyOrgOnly);
    return inGroup;
  }
  const led = (await teamsLedByTeacher(db, me.userId)).filter((t) => t.groupId === me.groupId).map((t) => t.id);
  return led.length ? and(inGroup, inArray(safetyAlerts.teamId, led)) : sql`false`;
}

interface ListQuery extends PageParams {
  scope: 'teacher' | 'group';
  team_id?: number | undefined;
  student_id?: number | undefined;
  category?: string | undefined;
  status?: 'open' | 'handled' | undefined;
}

export async function listSafetyAlerts(db: Db, me: AuthContext, q: ListQuery) {
  if (q.team_id) {
    const team = await findTeam(db, q.team_id);
    if (!team || team.groupId !== me.groupId) throw notFound(MSG.notFound);
  }
  const { limit, offset } = resolvePage(q);
  const where = and(
    await scopeOf(db, me, q.scope),
    q.team_id ? eq(safetyAlerts.teamId, q.team_id) : undefined,
    q.student_id ? eq(safetyAlerts.studentId, q.student_id) : undefined,
    q.category ? eq(safetyAlerts.category, q.category) : undefined,
    q.status ? eq(safetyAlerts.status, q.status) : undefined,
  );
  const { total, rows } = await listAlerts(db, where, limit, offset);
  return pageOf<AlertItem>(q, total, rows.map(toItem));
}

type ListedRow = Awaited<ReturnType<typeof listAlerts>>['rows'][number];
const toItem = (r: ListedRow): AlertItem => ({
  id: r.alert.id, robot_id: r.alert.robotId, robot_name: r.robotName, session_id: r.alert.sessionId, record_id: r.alert.recordId,
  student_id: r.alert.studentId, student_name: r.studentName || r.studentNick, team_id: r.alert.teamId, team_title: r.teamTitle ?? '',
  source: r.alert.source as AlertItem['source'], word: r.alert.word, matched: r.alert.matched, excerpt: r.alert.excerpt,
  category: r.alert.category, severity: r.alert.severity as SensitiveSeverity, origin: r.alert.origin as AlertItem['origin'],
  status: r.alert.status as AlertItem['status'], note: r.alert.note, handler_name: r.handlerName || r.handlerNick || '',
  handled_time: toSeconds(r.alert.handledAt), create_time: toSeconds(r.alert.createdAt),
});

export async function safetyFilterChoices(db: Db, me: AuthContext, scope: 'teacher' | 'group') {
  const { teamRows, studentRows } = await alertFilterChoices(db, await scopeOf(db, me, scope));
  return {
    teams: teamRows.map((t) => ({ id: t.id, title: t.title, robot_name: t.robotName })),
    students: studentRows.map((s) => ({ id: s.id, name: s.truename || s.name })),
  };
}

/**
 * Marks an alert handled, with a note. The organisation's admins may handle any of its alerts; a
 * teacher those of the classes they lead. Anything else answers 404, as if it did not exist.
 */
export async function handleSafetyAlert(db: Db, me: AuthContext, id: number, note: string): Promise<AlertItem> {
  const alert = await findAlert(db, id);
  if (!alert || alert.groupId !== me.groupId) throw notFound(MSG.safetyAlertNotFound);
  const teacherOf = async () => {
    const team = alert.teamId ? await findTeam(db, alert.teamId) : null;
    return !!team && (team.ownerId === me.userId || (await teamsLedByTeacher(db, me.userId, team.robotId)).some((t) => t.id === team.id));
  };
  if (!isOrgAdmin(me) && !(await teacherOf())) throw notFound(MSG.safetyAlertNotFound);
  await markHandled(db, id, me.userId, note);
  const { rows } = await listAlerts(db, eq(safetyAlerts.id, id), 1, 0);
  return toItem(rows[0]!);
}

export const safetyOptIn = async (db: Db, me: AuthContext) => ({ enabled: await isOptedIn(db, me.groupId, me.userId) });
export async function setSafetyOptIn(db: Db, me: AuthContext, enabled: boolean) {
  await setOptedIn(db, me.groupId, me.userId, enabled);
  return { enabled };
}
