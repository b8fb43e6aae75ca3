import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { RecordItem, SessionItem } from '@xueban/contract/chat';
import type { Db } from '../../db/client.ts';
import { chatRecords, chatSessions } from '../../db/schema/chat.ts';
import { toSeconds } from '../../lib/time.ts';

export type SessionRow = typeof chatSessions.$inferSelect;
export type RecordRow = typeof chatRecords.$inferSelect;

/** Whose conversations a query may touch: the caller's own, in their current organisation. */
export interface Owner { userId: number; groupId: number }

const ownSession = (o: Owner) => and(eq(chatSessions.userId, o.userId), eq(chatSessions.groupId, o.groupId));
const ownRecord = (o: Owner) => and(eq(chatRecords.userId, o.userId), eq(chatRecords.groupId, o.groupId));

export const toSessionItem = (s: SessionRow): SessionItem => ({
  id: s.id, code: s.code, name: s.name, r_id: s.robotId, create_time: toSeconds(s.createdAt), update_time: toSeconds(s.updatedAt),
});

/**
 * A record as the client reads it back. Attachments keep their names and links but not the text
 * extracted from them (up to 200 kB each): the model already had it, the history does not need it.
 */
export const toRecordItem = (r: RecordRow): RecordItem => ({
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

export async function findOwnSession(db: Db, o: Owner, id: number): Promise<SessionRow | null> {
  const [row] = await db.select().from(chatSessions).where(and(eq(chatSessions.id, id), ownSession(o))).limit(1);
  return row ?? null;
}

export async function listOwnSessions(db: Db, o: Owner, robotId: number, isTalk: boolean | undefined, limit: number, offset: number) {
  const where = and(ownSession(o), eq(chatSessions.robotId, robotId), isTalk === undefined ? undefined : eq(chatSessions.isTalk, isTalk));
  const [total] = await db.select({ n: count() }).from(chatSessions).where(where);
  const rows = await db.select().from(chatSessions).where(where)
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows };
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

/** One page of a session's exchanges: page 1 is the newest `limit`, each page in time order. */
export async function sessionRecordsPage(db: Db, sessionId: number, limit: number, offset: number) {
  const where = eq(chatRecords.sessionId, sessionId);
  const [total] = await db.select({ n: count() }).from(chatRecords).where(where);
  const rows = await db.select().from(chatRecords).where(where).orderBy(desc(chatRecords.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows: rows.reverse() };
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
