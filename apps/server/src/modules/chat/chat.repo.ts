import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { RecordItem, SessionItem } from '@xueban/contract/chat';
import type { Correction } from '@xueban/contract/teaching-console';
import type { Db } from '../../db/client.ts';
import { chatRecords, chatSessions } from '../../db/schema/chat.ts';
import { chatCorrections } from '../../db/schema/chat-teaching.ts';
import { users } from '../../db/schema/users.ts';
import { robots } from '../../db/schema/robots.ts';
import { visibleTo } from '../robots/robot-access.ts';
import { builtOnce } from '../../db/built-once.ts';
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

/** The columns a record shows in a list (toRecordItem). */
export type ListedRecord = Pick<RecordRow,
  'id' | 'sessionId' | 'robotId' | 'question' | 'questionParts' | 'annex' | 'answer' | 'reasoning' | 'status' | 'notice'
  | 'sources' | 'correlationQuestions' | 'recommendContent' | 'activityContent' | 'isCollect' | 'isReason' | 'isNetwork' | 'createdAt'>;

const seconds = (column: SQLWrapper) => sql`floor(extract(epoch from ${column}))::bigint`;

/**
 * A record as the client reads it in a page of history, with its teacher's correction: the JSON
 * toRecordItem and toCorrectionItem write, written by the database instead (recordItemSchema, keys
 * in its order), so a page goes to the client without being parsed and written again. The
 * attachments' extracted text (up to 200 kB each) stays behind, their order kept. Recommend and
 * activity content come as the database prints them; a page holding any is read and written again
 * (`plain` below), its annex links signed anew.
 */
const RECORD_ITEM_JSON = sql`json_build_object(
  'id', ${chatRecords.id}, 'category_id', ${chatRecords.sessionId}, 'robot_id', ${chatRecords.robotId},
  'question', ${chatRecords.question}, 'question_parts', ${chatRecords.questionParts},
  'annex', case when ${chatRecords.annex} = '[]'::jsonb then ${chatRecords.annex} else (
    select jsonb_agg(case when jsonb_typeof(a.item) = 'object' then a.item - 'text' else a.item end order by a.n)
    from jsonb_array_elements(${chatRecords.annex}) with ordinality as a(item, n)) end,
  'answer', ${chatRecords.answer}, 'reasoning', ${chatRecords.reasoning}, 'status', ${chatRecords.status}, 'notice', ${chatRecords.notice},
  'sources', ${chatRecords.sources}, 'correlation_questions', ${chatRecords.correlationQuestions},
  'recommend_content', ${chatRecords.recommendContent}::text, 'activity_content', ${chatRecords.activityContent}::text,
  'is_collect', ${chatRecords.isCollect}::int, 'is_reason', ${chatRecords.isReason}::int, 'is_network', ${chatRecords.isNetwork}::int,
  'create_time', ${seconds(chatRecords.createdAt)},
  'correction', case when ${chatCorrections.id} is null then null else json_build_object(
    'id', ${chatCorrections.id}, 'record_id', ${chatRecords.id}, 'content', ${chatCorrections.content},
    'teacher', coalesce(${users.truename}, ''), 'create_time', ${seconds(chatCorrections.updatedAt)}) end)`;

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
 * The caller's session with its record total and one page of its records (RECORD_ITEM_JSON), newest
 * page first: one statement and one row, the page as one JSON text in time order, so a session that
 * is not the caller's gives no row and an empty session or page needs no second look. `plain`: no
 * record of the page has recommend or activity content, so the text is the answer as it stands.
 */
const recordsPage = (db: Db) => builtOnce(db, 'session_records_page', () => {
  const page = db
    .select({
      id: chatRecords.id,
      json: RECORD_ITEM_JSON.as('json'),
      plain: sql`${chatRecords.recommendContent} = '[]'::jsonb and ${chatRecords.activityContent} = '[]'::jsonb`.as('plain'),
    })
    .from(chatRecords)
    .leftJoin(chatCorrections, eq(chatCorrections.recordId, chatRecords.id))
    .leftJoin(users, eq(users.id, chatCorrections.teacherId))
    .where(eq(chatRecords.sessionId, chatSessions.id))
    .orderBy(desc(chatRecords.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('p');
  const paged = db
    .select({
      records: sql<string>`coalesce(json_agg(${page.json} order by ${page.id}), '[]')::text`.as('records'),
      plain: sql<boolean>`coalesce(bool_and(${page.plain}), true)`.as('plain'),
    })
    .from(page)
    .as('paged');
  return db
    .select({
      session: {
        id: chatSessions.id, code: chatSessions.code, name: chatSessions.name, robotId: chatSessions.robotId,
        createdAt: chatSessions.createdAt, updatedAt: chatSessions.updatedAt,
      },
      total: sql`(select count(*) from ${chatRecords} where ${chatRecords.sessionId} = ${chatSessions.id})`.mapWith(Number),
      records: paged.records,
      plain: paged.plain,
    })
    .from(chatSessions)
    .innerJoinLateral(paged, sql`true`)
    .where(and(
      eq(chatSessions.id, sql.placeholder('sessionId')),
      eq(chatSessions.userId, sql.placeholder('userId')),
      eq(chatSessions.groupId, sql.placeholder('groupId')),
    ))
    .prepare('session_records_page');
});

/**
 * The caller's session (null when it is not theirs), its record total, and a page of its records
 * in time order as the JSON text of RecordItem[] (`plain` as above).
 */
export async function ownSessionRecordsPage(db: Db, o: Owner, sessionId: number, limit: number, offset: number) {
  const [row] = await recordsPage(db).execute({ sessionId, userId: o.userId, groupId: o.groupId, limit, offset });
  return row ?? null;
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
