import { and, desc, eq, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
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

/** An earlier exchange of the session, as the model's context gets it. */
export interface Exchange { question: string; answer: string }

/**
 * The session's last `limit` exchanges (before `beforeId`, when given), newest first: an
 * expression, so that the write that starts or reopens an exchange reads them too.
 */
export function historyOf(db: Db, sessionId: number | SQLWrapper, limit: number, beforeId?: number): SQL<Exchange[]> {
  const earlier = db.select({ id: chatRecords.id, question: chatRecords.question, answer: chatRecords.answer }).from(chatRecords)
    .where(and(eq(chatRecords.sessionId, sessionId), beforeId === undefined ? undefined : lt(chatRecords.id, beforeId)))
    .orderBy(desc(chatRecords.id)).limit(limit).as('h');
  return sql<Exchange[]>`(select coalesce(json_agg(json_build_object('question', ${earlier.question}, 'answer', ${earlier.answer}) order by ${earlier.id} desc), '[]'::json) from ${earlier})`;
}

/**
 * The insert of a new exchange, built once, its values filled in at each run. The session moves
 * to the top of its list in the same statement. (A chat's question is stored by the chat's own
 * statement, which also checks the robot and reads the history: startChat in stream.service.)
 */
function insertExchange(db: Db) {
  const name = 'start_exchange';
  return builtOnce(db, name, () => {
    const value = (field: keyof NewExchange) => sql.placeholder(field);
    const touch = db.$with('touch').as(db.update(chatSessions).set({ updatedAt: sql`now()` })
      .where(eq(chatSessions.id, value('sessionId'))).returning({ id: chatSessions.id }));
    return db.with(touch).insert(chatRecords).values({
      sessionId: value('sessionId'), groupId: value('groupId'), userId: value('userId'), robotId: value('robotId'),
      clientMsgId: value('clientMsgId'), question: value('question'), annex: value('annex'),
      isReason: value('isReason'), isNetwork: value('isNetwork'),
      // Given as JSON text, past the column's encoder: no parts must stay SQL NULL, not become JSON null.
      questionParts: sql`${value('questionParts')}`,
    }).onConflictDoNothing().returning().prepare(name);
  });
}

/**
 * Stores the question with a `streaming` reply. With a client message id already used in this
 * session, returns the earlier exchange instead (`created: false`): a retried send answers once.
 */
export async function startExchange(db: Db, x: NewExchange): Promise<{ record: RecordRow; created: boolean }> {
  const [inserted] = await insertExchange(db).execute({ ...x, questionParts: x.questionParts && JSON.stringify(x.questionParts) });
  if (inserted) return { record: inserted, created: true };
  return { record: (await findByClientMsgId(db, x.sessionId, x.clientMsgId!))!, created: false };
}

/** Ends an exchange at once with recommended parts for its answer (an intent's reply): nothing streams. */
export async function answerWithParts(db: Db, id: number, model: string, parts: unknown[]): Promise<void> {
  await db.update(chatRecords)
    .set({ status: 'done', model, recommendContent: parts, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(eq(chatRecords.id, id));
}

/** A session of this owner, or null (other modules check a session through this). */
export { findOwnSession } from './chat.repo.ts';

/** The exchange a send with this client message id stored in the session, if any. */
export async function findByClientMsgId(db: Db, sessionId: number, clientMsgId: string): Promise<RecordRow | null> {
  const [row] = await db.select().from(chatRecords)
    .where(and(eq(chatRecords.sessionId, sessionId), eq(chatRecords.clientMsgId, clientMsgId))).limit(1);
  return row ?? null;
}

/** 继续: the same exchange streams again, its new text appended to what was kept; answers the exchanges before it. */
export async function reopenExchange(db: Db, record: RecordRow, historyLimit: number, node: string): Promise<Exchange[]> {
  const [row] = await db.update(chatRecords).set({ status: 'streaming', streamNode: node, finishedAt: null, updatedAt: sql`now()` })
    .where(eq(chatRecords.id, record.id))
    .returning({ history: historyOf(db, record.sessionId, historyLimit, record.id) });
  return row?.history ?? [];
}

export interface Progress { answer: string; reasoning: string; model: string }

/**
 * Saves the replies so far of many streams in one statement; also proves to the sweeper they are
 * alive. Only replies `node` still holds: one another node took over (resume) is no longer ours.
 */
export async function saveProgress(db: Db, node: string, rows: (Progress & { id: number })[]): Promise<void> {
  if (!rows.length) return;
  // Ten times a second under load: built once.
  await builtOnce(db, 'save_progress', () => db.update(chatRecords)
    .set({ answer: sql`v.answer`, reasoning: sql`v.reasoning`, model: sql`v.model`, updatedAt: sql`now()` })
    .from(sql`jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as v(id int, answer text, reasoning text, model text)`)
    .where(and(eq(chatRecords.id, sql`v.id`), eq(chatRecords.status, 'streaming'), eq(chatRecords.streamNode, sql.placeholder('node'))))
    .prepare('save_progress')).execute({ rows: JSON.stringify(rows), node });
}

export interface Ending {
  status: Exclude<ReplyStatus, 'streaming'>;
  answer: string;
  reasoning: string;
  model: string;
  notice?: string;
  sources?: ChatSource[];
  correlationQuestions?: string[];
  /** The matched intent's recommend parts (message type 3). */
  recommend?: unknown[];
  /** Tool calls' activity cards (message type 5, issue 19). */
  activities?: unknown[];
}

/** Ends the reply `node` streams (`node` null: whoever streams it); a reply taken over by another node is left to it. */
export async function finishExchange(db: Db, id: number, e: Ending, node: string | null = null): Promise<void> {
  await db.update(chatRecords)
    .set({
      status: e.status, answer: e.answer, reasoning: e.reasoning, model: e.model,
      ...(e.notice !== undefined ? { notice: e.notice } : {}),
      ...(e.sources ? { sources: e.sources } : {}),
      ...(e.correlationQuestions ? { correlationQuestions: e.correlationQuestions } : {}),
      ...(e.recommend ? { recommendContent: e.recommend } : {}),
      ...(e.activities?.length ? { activityContent: e.activities } : {}),
      updatedAt: sql`now()`, finishedAt: sql`now()`,
    })
    .where(and(eq(chatRecords.id, id), node === null ? undefined : eq(chatRecords.streamNode, node)));
}

export async function saveCorrelationQuestions(db: Db, id: number, questions: string[], node: string | null = null): Promise<void> {
  // At the end of every chat: built once (a null node matches any).
  await builtOnce(db, 'save_correlation_questions', () => db.update(chatRecords)
    .set({ correlationQuestions: sql`${sql.placeholder('questions')}::jsonb` })
    .where(and(eq(chatRecords.id, sql.placeholder('id')), sql`(${sql.placeholder('node')}::text is null or ${chatRecords.streamNode} = ${sql.placeholder('node')})`))
    .prepare('save_correlation_questions')).execute({ id, questions: JSON.stringify(questions), node });
}

/**
 * A resume takes over a reply whose node is gone: it becomes this node's, exactly once. Only a
 * reply still `streaming` under the node it was read with, and not saved for `staleMs` (its node
 * stopped proving it is alive); of two resumers racing, the second finds it fresh and gets null.
 * Answers the exchanges before it (the continuation's context), as reopenExchange does.
 */
export async function takeOverReply(db: Db, record: RecordRow, node: string, staleMs: number, historyLimit: number): Promise<Exchange[] | null> {
  const [row] = await db.update(chatRecords).set({ streamNode: node, updatedAt: sql`now()` })
    .where(and(
      eq(chatRecords.id, record.id), eq(chatRecords.status, 'streaming'),
      record.streamNode === null ? sql`${chatRecords.streamNode} is null` : eq(chatRecords.streamNode, record.streamNode),
      lt(chatRecords.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
    ))
    .returning({ history: historyOf(db, record.sessionId, historyLimit, record.id) });
  return row ? row.history : null;
}

/** The exchange as stored now. */
export async function readExchange(db: Db, id: number): Promise<RecordRow | null> {
  const [row] = await db.select().from(chatRecords).where(eq(chatRecords.id, id)).limit(1);
  return row ?? null;
}

export async function findExchange(db: Db, sessionId: number, id: number): Promise<RecordRow | null> {
  const [row] = await db.select().from(chatRecords)
    .where(and(eq(chatRecords.id, id), eq(chatRecords.sessionId, sessionId))).limit(1);
  return row ?? null;
}

/**
 * At boot, before this process streams anything: the replies a killed process left `streaming`
 * become `interrupted` at once, with the text saved so far. `node` null: every one of them (the
 * embedded database has no other writer); else those streamed under this node name, which no
 * live process holds any more (other nodes' replies are left to the stale rule below).
 */
export async function interruptOrphanedReplies(db: Db, node: string | null): Promise<number> {
  const rows = await db.update(chatRecords)
    .set({ status: 'interrupted', finishedAt: sql`now()` })
    .where(and(eq(chatRecords.status, 'streaming'), node === null ? undefined : eq(chatRecords.streamNode, node)))
    .returning({ id: chatRecords.id });
  return rows.length;
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
