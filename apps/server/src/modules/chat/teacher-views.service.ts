// The teacher console's conversation views (follow, viewContext, data, user-data) and the
// student's own study data. Every teacher view is scoped by teacherScope: only the students of the
// classes the caller leads on the robot.
import { STUDENT_NOT_FOUND, type ClassItem, type ConsoleData, type FollowItem, type MyStudy, type UserData, type ViewContext } from '@xueban/contract/teaching-console';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { addDays, toSeconds } from '../../lib/time.ts';
import { terms } from '../../ai/segment.ts';
import { loadVisible } from '../robots/robot-access.ts';
import { leadsStudent, studentTeam } from '../teams/team-records.service.ts';
import { toCorrectionItem, type RecordRow } from './chat.repo.ts';
import { teacherScope, type ScopedStudent, type TeacherScope } from './teacher-scope.ts';
import * as repo from './teaching.repo.ts';
import { and, eq } from 'drizzle-orm';
import { chatRecords } from '../../db/schema/chat.ts';

/** The records' corrections, keyed by record id, as the contract shows them. */
export async function correctionMap(deps: Deps, recordIds: number[]) {
  const rows = await repo.correctionsOf(deps.db, recordIds);
  return new Map(rows.map(({ c, teacher }) => [c.recordId, toCorrectionItem(c, teacher)]));
}

async function followItems(deps: Deps, rows: RecordRow[], who: (uid: number) => ScopedStudent | undefined): Promise<FollowItem[]> {
  const corrections = await correctionMap(deps, rows.map((r) => r.id));
  return rows.map((r) => {
    const s = who(r.userId);
    return {
      id: r.id, category_id: r.sessionId, question: r.question, answer: r.answer, status: r.status, notice: r.notice,
      create_time: toSeconds(r.createdAt), user: { uid: r.userId, truename: s?.truename ?? '' },
      team_id: s?.teamId ?? 0, team_title: s?.teamTitle ?? '', correction: corrections.get(r.id) ?? null,
    };
  });
}

const scoped = (scope: TeacherScope, uids?: number[]) =>
  repo.studentRecords(scope.groupId, scope.robotId, uids ?? [...scope.students.keys()]);

/** TeacherConsole/classes: the classes the caller leads on the robot, with their students. */
export async function teacherClasses(deps: Deps, me: AuthContext, robotId: number): Promise<ClassItem[]> {
  const scope = await teacherScope(deps, me, robotId);
  const students = [...scope.students.values()];
  return scope.teams.map((t) => ({
    id: t.id, title: t.title, students: students.filter((s) => s.teamId === t.id).map((s) => ({ uid: s.uid, truename: s.truename })),
  }));
}

export interface FollowFilter extends PageParams { robot_id: number; team_id?: number | undefined; uid?: number | undefined; keyword?: string | undefined }

/** TeacherConsole/follow: the students' exchanges with the robot, newest first; a filter outside the scope finds nothing. */
export async function followList(deps: Deps, me: AuthContext, f: FollowFilter) {
  const scope = await teacherScope(deps, me, f.robot_id);
  const uids = [...scope.students.values()]
    .filter((s) => (f.team_id === undefined || s.teamId === f.team_id) && (f.uid === undefined || s.uid === f.uid)).map((s) => s.uid);
  const { limit, offset } = resolvePage(f);
  const { total, rows } = await repo.pageRecords(deps.db, scoped(scope, uids), f.keyword || undefined, limit, offset);
  return pageOf(f, total, await followItems(deps, rows, (uid) => scope.students.get(uid)));
}

/** How many exchanges around the opened one the context shows on each side. */
const CONTEXT_EACH = 30;

/**
 * ChatRecords/viewContext: the session an exchange belongs to, around it. Only for a teacher who
 * leads the student on that robot; anything else (another class, another organisation) is a 404.
 */
export async function viewContext(deps: Deps, me: AuthContext, recordId: number): Promise<ViewContext> {
  const record = await repo.findRecordInGroup(deps.db, recordId, me.groupId);
  if (!record || !(await leadsStudent(deps.db, me.userId, record.userId, record.robotId))) throw notFound(MSG.recordNotFound);
  const scope = await teacherScope(deps, me, record.robotId);
  const student = scope.students.get(record.userId);
  if (!student) throw notFound(MSG.recordNotFound);
  const [session, rows] = await Promise.all([
    repo.findSession(deps.db, record.sessionId), repo.recordsAround(deps.db, record.sessionId, record.id, CONTEXT_EACH),
  ]);
  return {
    record_id: record.id, session: { id: record.sessionId, name: session?.name ?? '' },
    user: { uid: student.uid, truename: student.truename }, team_title: student.teamTitle,
    records: await followItems(deps, rows, (uid) => scope.students.get(uid)),
  };
}

/** The last `days` China-time calendar days, oldest first, each with its count (0 when none). */
function dailySeries(days: number, counted: { date: string; questions: number }[]) {
  const byDay = new Map(counted.map((d) => [d.date, d.questions]));
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
  const now = Date.now();
  return Array.from({ length: days }, (_, i) => {
    const date = fmt.format(new Date(now - (days - 1 - i) * 86_400_000));
    return { date, questions: byDay.get(date) ?? 0 };
  });
}

/** The start of the China-time day `days - 1` days ago: the window of the data tabs. */
function windowStart(days: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return addDays(new Date(`${today}T00:00:00+08:00`), -(days - 1));
}

const weakReason = (r: RecordRow) =>
  r.status === 'failed' ? '回答失败' : r.status === 'stopped' ? '回答被停止' : r.status === 'interrupted' ? '回答中断'
    : r.notice ? '回答被替换为提示' : '未找到可引用的资料';

/** TeacherConsole/data: the classes' figures over the last `days` days. */
export async function consoleData(deps: Deps, me: AuthContext, robotId: number, days: number): Promise<ConsoleData> {
  const scope = await teacherScope(deps, me, robotId);
  const where = scoped(scope);
  const since = windowStart(days);
  const [perDay, totals, top, weak] = await Promise.all([
    repo.questionsPerDay(deps.db, where, since), repo.recordTotals(deps.db, where, since),
    repo.topQuestions(deps.db, where, since, 10), repo.weakRecords(deps.db, where, since, 20),
  ]);
  const weakItems = await followItems(deps, weak, (uid) => scope.students.get(uid));
  return {
    days, students_total: scope.students.size, active_students: totals.askers, questions_total: totals.questions,
    per_day: dailySeries(days, perDay), top_questions: top,
    weak_answers: weakItems.map((item, i) => ({ ...item, reason: weakReason(weak[i]!) })),
  };
}

/** A word worth counting as a topic: two characters or more, not a question word. */
const STOP = new Set(['什么', '怎么', '为什么', '为什', '是什么', '怎么样', '怎样', '哪个', '哪里', '吗', '呢', '如何', '哪些', '可以', '是不是', '一下', '这个', '那个', '我们', '你们', '他们', '请问', '需要', '没有', '知道', '告诉']);
function topicsOf(questions: string[], limit: number) {
  const counted = new Map<string, number>();
  for (const q of questions) {
    // Only whole segments (not the bigrams segment.ts adds for retrieval), each once per question.
    const words = new Set(terms(q).filter((t) => [...t].length >= 2 && !/^\d+$/.test(t) && !STOP.has(t)));
    for (const w of words) counted.set(w, (counted.get(w) ?? 0) + 1);
  }
  // A bigram inside a longer counted word adds nothing: keep the longer one.
  const all = [...counted.entries()];
  return all
    .filter(([t, n]) => !all.some(([o, m]) => o !== t && o.length > t.length && o.includes(t) && m >= n))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit).map(([term, count]) => ({ term, count }));
}

const ACTIVITY_DAYS = 14;

/** TeacherConsole/userData: one student of the caller's classes (else 404). */
export async function userData(deps: Deps, me: AuthContext, robotId: number, uid: number): Promise<UserData> {
  const scope = await teacherScope(deps, me, robotId);
  const student = scope.students.get(uid);
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  const where = scoped(scope, [uid]);
  const [totals, perDay, latest] = await Promise.all([
    repo.recordTotals(deps.db, where), repo.questionsPerDay(deps.db, where, windowStart(ACTIVITY_DAYS)), repo.latestQuestions(deps.db, where, 200),
  ]);
  return {
    user: { uid, truename: student.truename }, team_title: student.teamTitle,
    questions_total: totals.questions, days_active: totals.days, last_active: toSeconds(totals.last),
    per_day: dailySeries(ACTIVITY_DAYS, perDay), topics: topicsOf(latest.map((r) => r.question), 12),
    recent: await followItems(deps, latest.slice(0, 10), (id) => scope.students.get(id)),
  };
}

/** MyStudy/inClass: whether the caller is a student in a class on the robot (the chat panel's notice). */
export async function inClass(deps: Deps, me: AuthContext, robotId: number) {
  await loadVisible(deps.db, me, robotId);
  return { in_class: !!(await studentTeam(deps.db, robotId, me.userId)) };
}

/** MyStudy/data: the caller's own activity on a robot and the corrections they received. */
export async function myStudy(deps: Deps, me: AuthContext, robotId: number): Promise<MyStudy> {
  await loadVisible(deps.db, me, robotId);
  const team = await studentTeam(deps.db, robotId, me.userId);
  const where = and(eq(chatRecords.groupId, me.groupId), eq(chatRecords.robotId, robotId), eq(chatRecords.userId, me.userId))!;
  const [totals, latest, corrections] = await Promise.all([
    repo.recordTotals(deps.db, where), repo.latestQuestions(deps.db, where, 10),
    repo.studentCorrections(deps.db, me.groupId, robotId, me.userId, 20),
  ]);
  return {
    in_class: !!team, team_title: team?.title ?? '',
    questions_total: totals.questions, days_active: totals.days, last_active: toSeconds(totals.last),
    recent: latest.map((r) => ({ id: r.id, question: r.question, create_time: toSeconds(r.createdAt) })),
    corrections: corrections.map(({ c, teacher, answer }) => ({
      id: c.id, record_id: c.recordId, content: c.content, teacher, create_time: toSeconds(c.updatedAt), question: c.question, answer,
    })),
  };
}
