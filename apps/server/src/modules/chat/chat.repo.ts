import { and, desc, eq, sql } from 'drizzle-orm';
import type { RecordItem, SessionItem } from '@xueban/contract/chat';
import type { Correction } from '@xueban/contract/teaching-console';
import type { Db } from '../../db/client.ts';
import { chatRecords, chatSessions } from '../../db/schema/chat.ts';
import { chatCorrections } from '../../db/schema/chat-teaching.ts';
import { users } from '../../db/schema/users.ts';
import { robots } from '../../db/schema/robots.ts';
import { visibleTo } from '../robots/robot-access.ts';
import { builtOnce } from '../../db/built-once.ts';
import { jsonObject, presentOrNull } from '../../db/json-object.ts';
import { readPage, totalOver } from '../../db/paged.ts';
import { toSeconds } from '../../lib/time.ts';

export type SessionRow = typeof chatSessions.$inferSelect;
export type RecordRow = typeof chatRecords.$inferSelect;

/** Whose conversations a query may touch: the caller's own, in their current organisation. */
export interface Owner { userId: number; groupId: number }

const ownSession = (o: Owner) => and(eq(chatSessions.userId, o.userId), eq(chatSessions.groupId, o.groupId));
const ownRecord = (o: Owner) => and(eq(chatRecords.userId, o.userId), eq(chatRecords.groupId, o.groupId));

export const toSessionItem = (s: Pick<SessionRow, 'id' | 'code' | 'name' | 'robotId' | 'createdAt' | 'updatedAt'>): SessionItem => ({
  id: s.id, code: s.code, name: s.name, r_id: s.robotId, create_time: toSeconds(s.createdAt), update_time: toSeconds(s.updatedAt),
});

/** The columns a record shows in a list (toRecordItem), read as LISTED_JSON below. */
const LISTED = {
  id: chatRecords.id, sessionId: chatRecords.sessionId, robotId: chatRecords.robotId, question: chatRecords.question,
  questionParts: chatRecords.questionParts, annex: chatRecords.annex, answer: chatRecords.answer, reasoning: chatRecords.reasoning,
  status: chatRecords.status, notice: chatRecords.notice, sources: chatRecords.sources,
  correlationQuestions: chatRecords.correlationQuestions, recommendContent: chatRecords.recommendContent,
  activityContent: chatRecords.activityContent, isCollect: chatRecords.isCollect, isReason: chatRecords.isReason,
  isNetwork: chatRecords.isNetwork, createdAt: chatRecords.createdAt,
};
export type ListedRecord = Pick<RecordRow, keyof typeof LISTED>;

/**
 * A page of records is read as one JSON text (db/json-object.ts): a database driver takes each field
 * of each row apart, and on the embedded database 18 fields × 20 records were most of a page's
 * database time. The attachments' extracted text (up to 200 kB each) stays behind, their order
 * kept: toRecordItem drops it anyway.
 */
const LISTED_JSON = jsonObject(LISTED, {
  annex: sql`(select coalesce(jsonb_agg(case when jsonb_typeof(a.item) = 'object' then a.item - 'text' else a.item end order by a.n), '[]'::jsonb)
    from jsonb_array_elements(${chatRecords.annex}) with ordinality as a(item, n))`,
});

/** A record's teacher's correction (at most one per record), nested beside it. */
const CORRECTION_JSON = jsonObject(
  { id: chatCorrections.id, content: chatCorrections.content, updatedAt: chatCorrections.updatedAt, teacher: users.truename },
  { teacher: sql`coalesce(${users.truename}, '')` },
);
export type ListedCorrection = ReturnType<typeof CORRECTION_JSON.read>;

/** A page's records JSON as drizzle would have mapped their columns, each with its correction. */
function listedFromJson(text: string): { record: ListedRecord; correction: ListedCorrection | null }[] {
  return (JSON.parse(text) as { record: Record<string, unknown>; correction: Record<string, unknown> | null }[]).map((r) => ({
    record: LISTED_JSON.read(r.record),
    correction: r.correction && CORRECTION_JSON.read(r.correction),
  }));
}

/**
 * A record as the client reads it back. Attachments keep their names and links but not the text
 * extracted from them (up to 200 kB each): the model already had it, the history does not need it.
 */
export const toRecordItem = (r: ListedRecord): RecordItem => ({
  id: r.id,
  category_id: r.sessionId,
  robot_id: r.robotId,
  question: r.question,
  question_parts: r.questionParts ?? null,
  annex: r.annex.map(({ text: _text, ...rest }) => rest),
  answer: r.answer,
  reasoning: r.reasoning,
  status: r.status,
  notice: r.notice,
  sources: r.sources,
  correlation_questions: r.correlationQuestions,
  recommend_content: JSON.stringify(r.recommendContent),
  activity_content: JSON.stringify(r.activityContent),
  is_collect: r.isCollect ? 1 : 0,
  is_reason: r.isReason ? 1 : 0,
  is_network: r.isNetwork ? 1 : 0,
  create_time: toSeconds(r.createdAt),
});

/** A teacher's correction as the client reads it, under the answer it corrects. */
export const toCorrectionItem = (c: { id: number; recordId: number; content: string; updatedAt: Date }, teacher: string): Correction => ({
  id: c.id, record_id: c.recordId, content: c.content, teacher, create_time: toSeconds(c.updatedAt),
});

const ownSessionById = (db: Db) => builtOnce(db, 'own_session', () => db.select().from(chatSessions)
  .where(and(
    eq(chatSessions.id, sql.placeholder('id')),
    eq(chatSessions.userId, sql.placeholder('userId')),
    eq(chatSessions.groupId, sql.placeholder('groupId')),
  ))
  .limit(1)
  .prepare('own_session'));

export async function findOwnSession(db: Db, o: Owner, id: number): Promise<SessionRow | null> {
  const [row] = await ownSessionById(db).execute({ id, userId: o.userId, groupId: o.groupId });
  return row ?? null;
}

/**
 * The caller's sessions with a robot they can see, most recently active first, one shape per
 * is_talk filter and super admin or not. A robot they cannot see gives no rows, like a robot
 * with no sessions: the caller tells the two apart (listSessions).
 */
const ownSessionsPage = (db: Db, superAdmin: boolean, isTalk: boolean | undefined) => {
  const name = `own_sessions_${superAdmin ? 'any' : 'own'}_${isTalk}`;
  return builtOnce(db, name, () => {
    const [userId, groupId] = [sql.placeholder('userId'), sql.placeholder('groupId')];
    return db
      .select({ session: chatSessions, total: totalOver() })
      .from(chatSessions)
      .innerJoin(robots, and(eq(robots.id, chatSessions.robotId), visibleTo({ isSuperAdmin: superAdmin, userId, groupId })))
      .where(and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.groupId, groupId),
        eq(chatSessions.robotId, sql.placeholder('robotId')),
        isTalk === undefined ? undefined : eq(chatSessions.isTalk, isTalk),
      ))
      .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
};

/** A page of sessions and their total; an empty page when the robot has none or is not visible. */
export async function listOwnSessions(
  db: Db, o: Owner & { isSuperAdmin: boolean }, robotId: number, isTalk: boolean | undefined, limit: number, offset: number,
) {
  const { rows, total } = await readPage(ownSessionsPage(db, o.isSuperAdmin, isTalk), { userId: o.userId, groupId: o.groupId, robotId, limit, offset });
  return { total, rows: rows.map((r) => r.session) };
}

export async function insertSession(db: Db, values: typeof chatSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(chatSessions).values(values).returning();
  return row!;
}

export async function renameSession(db: Db, id: number, name: string): Promise<SessionRow> {
  const [row] = await db.update(chatSessions).set({ name, updatedAt: new Date() }).where(eq(chatSessions.id, id)).returning();
  return row!;
}

/** Deletes sessions (their records go with them by the foreign key's cascade); returns how many. */
export async function deleteOwnSessions(db: Db, o: Owner, where: { id?: number; code?: string; robotId?: number }) {
  const rows = await db.delete(chatSessions).where(and(
    ownSession(o),
    where.id === undefined ? undefined : eq(chatSessions.id, where.id),
    where.code === undefined ? undefined : eq(chatSessions.code, where.code),
    where.robotId === undefined ? undefined : eq(chatSessions.robotId, where.robotId),
  )).returning({ id: chatSessions.id });
  return rows.length;
}

export async function deleteSessionRecords(db: Db, sessionId: number) {
  await db.delete(chatRecords).where(eq(chatRecords.sessionId, sessionId));
}

/**
 * The caller's session with its record total and one page of its records, newest page first,
 * each with its teacher's correction: one statement and one row, the page as one JSON text, so a
 * session that is not the caller's gives no row and an empty session or page needs no second look.
 */
const recordsPage = (db: Db) => builtOnce(db, 'session_records_page', () => {
  const page = db
    .select({
      id: chatRecords.id,
      json: sql`json_build_object('record', ${LISTED_JSON.sql}, 'correction', ${presentOrNull(chatCorrections.id, CORRECTION_JSON)})`.as('json'),
    })
    .from(chatRecords)
    .leftJoin(chatCorrections, eq(chatCorrections.recordId, chatRecords.id))
    .leftJoin(users, eq(users.id, chatCorrections.teacherId))
    .where(eq(chatRecords.sessionId, chatSessions.id))
    .orderBy(desc(chatRecords.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return db
    .select({
      session: {
        id: chatSessions.id, code: chatSessions.code, name: chatSessions.name, robotId: chatSessions.robotId,
        createdAt: chatSessions.createdAt, updatedAt: chatSessions.updatedAt,
      },
      // Spelled out: in a select from one table drizzle writes its columns unqualified, and the subquery would take "id" as its own.
      total: sql`(select count(*) from ${chatRecords} where ${chatRecords.sessionId} = "chat_sessions"."id")`.mapWith(Number),
      // Newest first to cut the page, then in time order.
      records: sql<string>`(select coalesce(json_agg(p.json order by p.id), '[]')::text from (${page}) p)`,
    })
    .from(chatSessions)
    .where(and(
      eq(chatSessions.id, sql.placeholder('sessionId')),
      eq(chatSessions.userId, sql.placeholder('userId')),
      eq(chatSessions.groupId, sql.placeholder('groupId')),
    ))
    .prepare('session_records_page');
});

/** The caller's session (null when it is not theirs) with a page of its records in time order and their total. */
export async function ownSessionRecordsPage(db: Db, o: Owner, sessionId: number, limit: number, offset: number) {
  const [row] = await recordsPage(db).execute({ sessionId, userId: o.userId, groupId: o.groupId, limit, offset });
  if (!row) return { session: null, total: 0, rows: [] };
  return { session: row.session, total: row.total, rows: listedFromJson(row.records) };
}

export async function findOwnRecord(db: Db, o: Owner, id: number): Promise<RecordRow | null> {
  const [row] = await db.select().from(chatRecords).where(and(eq(chatRecords.id, id), ownRecord(o))).limit(1);
  return row ?? null;
}

/** Flips the collect mark in one statement, so two quick clicks end where they started. */
export async function toggleCollect(db: Db, id: number): Promise<boolean> {
  const [row] = await db.update(chatRecords).set({ isCollect: sql`not ${chatRecords.isCollect}` })
    .where(eq(chatRecords.id, id)).returning({ isCollect: chatRecords.isCollect });
  return row?.isCollect ?? false;
}
