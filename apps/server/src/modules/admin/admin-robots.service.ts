import type { AdminRobotRow, MarkingRobotRow, Overview } from '@xueban/contract/admin';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { MSG } from '@xueban/contract/messages';
import { forbidden, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { toSeconds } from '../../lib/time.ts';
import { recordAudit, changedFields, type AuditActor } from '../audit/audit.service.ts';
import { deleteRobotInScope, handleRobot, robotState, type RobotHandle } from '../robots/admin-robots.service.ts';
import { listRobotsFor, markingOverview, overviewData, robotRowById } from './admin.repo.ts';

// Robots in the back offices (issue 18 point 4), the overview (point 1) and AI marking (point 6).

type Scope = 'admin' | 'group';

/**
 * The organisation a call is limited to: none for a super admin in /admin, else the caller's own.
 * The scope comes from the caller's role: an organisation admin asking for 'admin' still gets their own.
 */
export function scopeGroup(me: AuthContext, scope: Scope): number | null {
  if (me.isSuperAdmin && scope === 'admin') return null;
  if (!me.groupId) throw notFound();
  return me.groupId;
}
const areaOf = (group: number | null): Scope => (group === null ? 'admin' : 'group');

type ListRow = Awaited<ReturnType<typeof listRobotsFor>>['rows'][number];
const toRow = (r: ListRow): AdminRobotRow => ({
  id: r.robot.id, name: r.robot.name, avatar: r.robot.avatar, group_id: r.robot.groupId, group_name: r.groupName,
  owner_name: r.ownerName, ...robotState(r.robot), question_count: r.questions, create_time: toSeconds(r.robot.createdAt),
});

export async function robotList(
  db: Db, me: AuthContext, q: PageParams & { scope: Scope; keyword?: string | undefined; group_id?: number | undefined; official?: number | undefined },
) {
  const own = scopeGroup(me, q.scope);
  if (own !== null && q.group_id && q.group_id !== own) throw notFound();
  const { limit, offset } = resolvePage(q);
  const { total, rows } = await listRobotsFor(db, own ?? (q.group_id || null), q.keyword, limit, offset, q.official === 1);
  return pageOf(q, total, rows.map(toRow));
}

const HANDLE_ACTION: Record<RobotHandle, string> = {
  hide: 'robot.hide', show: 'robot.show', close: 'robot.close', open: 'robot.open', off_square: 'robot.off_square',
  official: 'robot.official', unofficial: 'robot.unofficial',
};

export async function robotHandle(db: Db, me: AuthContext, actor: AuditActor, id: number, action: RobotHandle, scope: Scope) {
  const group = scopeGroup(me, scope);
  // Only the platform makes a robot official (every organisation sees it).
  if ((action === 'official' || action === 'unofficial') && group !== null) throw forbidden(MSG.noOperationPermission);
  await db.transaction(async (tx) => {
    const { before, after } = await handleRobot(tx, id, group, action);
    await recordAudit(tx, actor, {
      area: areaOf(group), groupId: after.groupId, action: HANDLE_ACTION[action], targetType: 'robot', targetId: id,
      targetLabel: after.name, ...changedFields(robotState(before), robotState(after)),
    });
  });
  const row = await robotRowById(db, id);
  if (!row) throw notFound();
  return toRow(row);
}

export async function robotDelete(db: Db, me: AuthContext, actor: AuditActor, id: number, scope: Scope) {
  const group = scopeGroup(me, scope);
  await db.transaction(async (tx) => {
    const robot = await deleteRobotInScope(tx, id, group);
    await recordAudit(tx, actor, {
      area: areaOf(group), groupId: robot.groupId, action: 'robot.delete', targetType: 'robot', targetId: id,
      targetLabel: robot.name, before: { name: robot.name, ...robotState(robot) }, after: null,
    });
  });
}

/** The last `days` days as UTC dates, oldest first, each with its count (0 when none). */
function series(days: number, counts: Map<string, number>) {
  const out: { date: string; value: number }[] = [];
  const today = new Date();
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i)).toISOString().slice(0, 10);
    out.push({ date, value: counts.get(date) ?? 0 });
  }
  return out;
}

export async function overview(db: Db, days: number): Promise<Overview> {
  const now = new Date();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const d = await overviewData(db, since);
  return {
    totals: { users: d.totals.users, organisations: d.totals.organisations, robots: d.totals.robots, questions: d.totals.questions, active_users: d.totals.activeUsers },
    new_users: series(days, d.newUsers),
    questions: series(days, d.questions),
    active_users: series(days, d.active),
    // Tokens are not counted by every provider: estimated as one per two characters of question, answer and reasoning.
    providers: d.providers.map((p) => ({ provider: p.provider, answers: Number(p.answers), tokens: Math.ceil(Number(p.chars) / 2), errors: Number(p.errors) })),
  };
}

export async function markingRobots(db: Db): Promise<MarkingRobotRow[]> {
  const rows = await markingOverview(db);
  const byRobot = new Map<number, MarkingRobotRow>();
  for (const r of rows) {
    const entry = byRobot.get(r.robotId) ?? { robot_id: r.robotId, robot_name: r.robotName, group_name: r.groupName, assignments: [] };
    entry.assignments.push({
      id: r.id, title: r.title, team_title: r.teamTitle, teacher_name: r.teacherName, due_at: toSeconds(r.dueAt),
      submitted: r.submitted, drafted: r.drafted, released: r.released,
    });
    byRobot.set(r.robotId, entry);
  }
  return [...byRobot.values()];
}
