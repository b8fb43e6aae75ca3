// The chat module's reads and writes for the teacher console (issue 17): students' records seen by
// their teacher, corrections and the per-teacher settings. Private to the chat module.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { chatRecords, chatSessions } from '../../db/schema/chat.ts';
import { chatCorrections, teacherRobotSettings } from '../../db/schema/chat-teaching.ts';
import type { TutoringMode } from '@xueban/contract/constants/teaching-console';
import { users } from '../../db/schema/users.ts';
import { containing } from '../../lib/like.ts';

export type CorrectionRow = typeof chatCorrections.$inferSelect;
export type SettingRow = typeof teacherRobotSettings.$inferSelect;

/** Records of some students with one robot in one organisation (the scope every teacher view reads). */
export const studentRecords = (groupId: number, robotId: number, studentIds: number[]): SQL =>
  and(eq(chatRecords.groupId, groupId), eq(chatRecords.robotId, robotId),
    studentIds.length ? inArray(chatRecords.userId, studentIds) : sql`false`)!;

/** A China-time calendar day of a record, as 'YYYY-MM-DD'. */
const dayOf = sql<string>`to_char(${chatRecords.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

export async function pageRecords(db: Db, where: SQL, keyword: string | undefined, limit: number, offset: number) {
  const w = and(where, keyword ? or(ilike(chatRecords.question, containing(keyword)), ilike(chatRecords.answer, containing(keyword))) : undefined);
  const [total] = await db.select({ n: count() }).from(chatRecords).where(w);
  const rows = await db.select().from(chatRecords).where(w).orderBy(desc(chatRecords.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
}

export async function findRecordInGroup(db: Db, id: number, groupId: number) {
  const [row] = await db.select().from(chatRecords).where(and(eq(chatRecords.id, id), eq(chatRecords.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function findSession(db: Db, id: number) {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id)).limit(1);
  return row ?? null;
}

/** Up to `each` exchanges before and after a record in its session, in time order. */
export async function recordsAround(db: Db, sessionId: number, recordId: number, each: number) {
  const before = await db.select().from(chatRecords).where(and(eq(chatRecords.sessionId, sessionId), lt(chatRecords.id, recordId)))
    .orderBy(desc(chatRecords.id)).limit(each);
  const after = await db.select().from(chatRecords).where(and(eq(chatRecords.sessionId, sessionId), gte(chatRecords.id, recordId)))
    .orderBy(chatRecords.id).limit(each + 1);
  return [...before.reverse(), ...after];
}

/** The corrections of some records, with the correcting teacher's name. */
export async function correctionsOf(db: Db, recordIds: number[]) {
  if (recordIds.length === 0) return [];
  return db.select({ c: chatCorrections, teacher: users.truename }).from(chatCorrections)
    .innerJoin(users, eq(users.id, chatCorrections.teacherId)).where(inArray(chatCorrections.recordId, recordIds));
}

export async function upsertCorrection(db: Db, v: Omit<typeof chatCorrections.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>) {
  const [row] = await db.insert(chatCorrections).values(v)
    .onConflictDoUpdate({ target: chatCorrections.recordId, set: { content: v.content, teacherId: v.teacherId, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The latest corrections on a robot in an organisation: the candidates for a similar new question. */
export async function robotCorrections(db: Db, groupId: number, robotId: number, limit: number) {
  // Read by every chat: built once.
  return builtOnce(db, 'robot_corrections', () => db.select({ question: chatCorrections.question, content: chatCorrections.content }).from(chatCorrections)
    .where(and(eq(chatCorrections.groupId, sql.placeholder('groupId')), eq(chatCorrections.robotId, sql.placeholder('robotId'))))
    .orderBy(desc(chatCorrections.id)).limit(sql.placeholder('limit')).prepare('robot_corrections')).execute({ groupId, robotId, limit });
}

/** A student's corrections on a robot, newest first, with the record's question and answer. */
export async function studentCorrections(db: Db, groupId: number, robotId: number, studentId: number, limit: number) {
  return db.select({ c: chatCorrections, teacher: users.truename, answer: chatRecords.answer }).from(chatCorrections)
    .innerJoin(users, eq(users.id, chatCorrections.teacherId)).innerJoin(chatRecords, eq(chatRecords.id, chatCorrections.recordId))
    .where(and(eq(chatCorrections.groupId, groupId), eq(chatCorrections.robotId, robotId), eq(chatCorrections.studentId, studentId)))
    .orderBy(desc(chatCorrections.id)).limit(limit);
}

export async function findSetting(db: Db, robotId: number, teacherId: number): Promise<SettingRow | null> {
  const [row] = await db.select().from(teacherRobotSettings)
    .where(and(eq(teacherRobotSettings.robotId, robotId), eq(teacherRobotSettings.teacherId, teacherId))).limit(1);
  return row ?? null;
}

export async function robotSettings(db: Db, groupId: number, robotId: number): Promise<SettingRow[]> {
  return db.select().from(teacherRobotSettings)
    .where(and(eq(teacherRobotSettings.robotId, robotId), eq(teacherRobotSettings.groupId, groupId))).orderBy(teacherRobotSettings.teacherId);
}

export async function upsertSetting(db: Db, v: { robotId: number; teacherId: number; groupId: number; instructions: string; tutoringMode: TutoringMode }) {
  const [row] = await db.insert(teacherRobotSettings).values(v)
    .onConflictDoUpdate({
      target: [teacherRobotSettings.robotId, teacherRobotSettings.teacherId],
      set: { instructions: v.instructions, tutoringMode: v.tutoringMode, groupId: v.groupId, updatedAt: new Date() },
    }).returning();
  return row!;
}

/** Questions per China-time day since `since`. */
export async function questionsPerDay(db: Db, where: SQL, since: Date) {
  return db.select({ date: dayOf, questions: count() }).from(chatRecords)
    .where(and(where, gte(chatRecords.createdAt, since))).groupBy(dayOf).orderBy(dayOf);
}

/** Totals since `since`: questions, distinct askers, distinct days, the last question's time. */
export async function recordTotals(db: Db, where: SQL, since?: Date) {
  const [row] = await db.select({
    questions: count(),
    askers: sql<number>`count(distinct ${chatRecords.userId})::int`,
    days: sql<number>`count(distinct ${dayOf})::int`,
    last: sql<Date | string | null>`max(${chatRecords.createdAt})`,
  }).from(chatRecords).where(and(where, since ? gte(chatRecords.createdAt, since) : undefined));
  const last = row?.last ? new Date(row.last) : null;
  return { questions: row?.questions ?? 0, askers: Number(row?.askers ?? 0), days: Number(row?.days ?? 0), last };
}

/** The most asked questions (same text after trimming), most first. */
export async function topQuestions(db: Db, where: SQL, since: Date, limit: number) {
  const q = sql<string>`btrim(${chatRecords.question})`;
  return db.select({ question: q, count: count() }).from(chatRecords)
    .where(and(where, gte(chatRecords.createdAt, since), sql`btrim(${chatRecords.question}) <> ''`))
    .groupBy(q).orderBy(desc(count()), q).limit(limit);
}

/**
 * Answers worth a teacher's look: failed, stopped or interrupted replies, replaced by a notice,
 * or the built-in engine's answers that found nothing to cite.
 */
export async function weakRecords(db: Db, where: SQL, since: Date, limit: number) {
  return db.select().from(chatRecords).where(and(where, gte(chatRecords.createdAt, since), or(
    inArray(chatRecords.status, ['failed', 'stopped', 'interrupted']),
    sql`${chatRecords.notice} <> '' and ${chatRecords.status} = 'done'`,
    and(eq(chatRecords.model, 'builtin'), eq(chatRecords.status, 'done'), sql`jsonb_array_length(${chatRecords.sources}) = 0`),
  ))).orderBy(desc(chatRecords.id)).limit(limit);
}

/** A student's latest questions (for topics and the recent list). */
export async function latestQuestions(db: Db, where: SQL, limit: number) {
  return db.select().from(chatRecords).where(where).orderBy(desc(chatRecords.id)).limit(limit);
}
