import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRecords, chatSessions, type ChatAnnex, type ChatSource, type QuestionPart, type ReplyStatus } from '../../db/schema/chat.ts';

/**
 * The streaming writes of one exchange (design.md §8 "Nothing is lost"): the question is stored
 * before the model is called, the reply's text is saved as it grows, and it always ends with a
 * status. Reads and lists live in the sessions service.
 */
export type RecordRow = typeof chatRecords.$inferSelect;

export interface NewExchange {
  sessionId: number;
  groupId: number;
  userId: number;
  robotId: number;
  clientMsgId: string | null;
  question: string;
  questionParts: QuestionPart[] | null;
  annex: ChatAnnex[];
  isReason: boolean;
  isNetwork: boolean;
}

/**
 * Stores the question with a `streaming` reply. With a client message id already used in this
 * session, returns the earlier exchange instead (`created: false`): a retried send answers once.
 */
export async function startExchange(db: Db, x: NewExchange): Promise<{ record: RecordRow; created: boolean }> {
  const [inserted] = await db.insert(chatRecords).values(x).onConflictDoNothing().returning();
  if (inserted) {
    await db.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, x.sessionId));
    return { record: inserted, created: true };
  }
  const [existing] = await db
    .select()
    .from(chatRecords)
    .where(and(eq(chatRecords.sessionId, x.sessionId), eq(chatRecords.clientMsgId, x.clientMsgId!)))
    .limit(1);
  return { record: existing!, created: false };
}

/** 继续: the same exchange streams again, its new text appended to what was kept. */
export async function reopenExchange(db: Db, id: number): Promise<void> {
  await db.update(chatRecords).set({ status: 'streaming', finishedAt: null, updatedAt: sql`now()` }).where(eq(chatRecords.id, id));
}

/** Saves the reply so far; also proves the stream is alive to the sweeper. */
export async function saveProgress(db: Db, id: number, answer: string, reasoning: string, model: string): Promise<void> {
  await db.update(chatRecords)
    .set({ answer, reasoning, model, updatedAt: sql`now()` })
    .where(and(eq(chatRecords.id, id), eq(chatRecords.status, 'streaming')));
}

export interface Ending {
  status: Exclude<ReplyStatus, 'streaming'>;
  answer: string;
  reasoning: string;
  model: string;
  notice?: string;
  sources?: ChatSource[];
  correlationQuestions?: string[];
}

export async function finishExchange(db: Db, id: number, e: Ending): Promise<void> {
  await db.update(chatRecords)
    .set({
      status: e.status, answer: e.answer, reasoning: e.reasoning, model: e.model,
      ...(e.notice !== undefined ? { notice: e.notice } : {}),
      ...(e.sources ? { sources: e.sources } : {}),
      ...(e.correlationQuestions ? { correlationQuestions: e.correlationQuestions } : {}),
      updatedAt: sql`now()`, finishedAt: sql`now()`,
    })
    .where(eq(chatRecords.id, id));
}

export async function saveCorrelationQuestions(db: Db, id: number, questions: string[]): Promise<void> {
  await db.update(chatRecords).set({ correlationQuestions: questions }).where(eq(chatRecords.id, id));
}

/** The session's earlier exchanges, newest first, for the model's context. */
export async function recentExchanges(db: Db, sessionId: number, beforeId: number, limit: number) {
  return db
    .select({ question: chatRecords.question, answer: chatRecords.answer })
    .from(chatRecords)
    .where(and(eq(chatRecords.sessionId, sessionId), lt(chatRecords.id, beforeId)))
    .orderBy(sql`${chatRecords.id} desc`)
    .limit(limit);
}

export async function findExchange(db: Db, sessionId: number, id: number): Promise<RecordRow | null> {
  const [row] = await db.select().from(chatRecords)
    .where(and(eq(chatRecords.id, id), eq(chatRecords.sessionId, sessionId))).limit(1);
  return row ?? null;
}

/**
 * Replies still `streaming` whose stream stopped proving it is alive (a crashed or killed node)
 * become `interrupted`, with the text saved so far. Runs at boot and every minute.
 */
export async function sweepStaleReplies(db: Db, staleMs: number): Promise<number> {
  const rows = await db.update(chatRecords)
    .set({ status: 'interrupted', finishedAt: sql`now()` })
    .where(and(eq(chatRecords.status, 'streaming'), lt(chatRecords.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)))
    .returning({ id: chatRecords.id });
  return rows.length;
}
