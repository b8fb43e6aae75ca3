import { and, eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { ChatStreamBody } from '@xueban/contract/chat';
import type { Deps } from '../../app.ts';
import { chatSessions, type QuestionPart } from '../../db/schema/chat.ts';
import { robots } from '../../db/schema/robots.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { unusableReason } from '../robots/robot-access.ts';
import { visibleTo, type RobotRow } from '../robots/robots.repo.ts';
import { getSensitiveMatcher } from '../sensitive/sensitive.service.ts';
import { findExchange, reopenExchange, startExchange, type RecordRow } from './reply-store.ts';

/** The plain text of a question, and its parts when it carries images. */
export function questionOf(q: ChatStreamBody['question']): { text: string; parts: QuestionPart[] | null } {
  if (typeof q === 'string') return { text: q.trim(), parts: null };
  const text = q.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n').trim();
  const parts = q.some((p) => p.type === 'image_url') ? (q as QuestionPart[]) : null;
  return { text, parts };
}

export interface PreparedChat {
  robot: RobotRow;
  record: RecordRow;
  /** false: a retried send whose exchange exists already; it is replayed, not answered again. */
  fresh: boolean;
  question: string;
  parts: QuestionPart[] | null;
  continueFrom?: string;
}

/**
 * Everything that may refuse a send, checked before the stream opens so a refusal is a plain
 * JSON envelope: the caller's own session (404), a usable robot, a non-empty question, the
 * sensitive-word list. Then the question is stored (design.md §8) — or, with 继续, the cut-off
 * exchange is reopened.
 */
export async function prepareChat(deps: Deps, me: AuthContext, body: ChatStreamBody): Promise<PreparedChat> {
  const { db } = deps;
  // The session and its robot in one query (this runs before the first token of every answer);
  // the robot is null when the caller may not see it, as loadVisible would answer.
  const [found] = await db.select({ session: chatSessions, robot: robots }).from(chatSessions)
    .leftJoin(robots, and(eq(robots.id, chatSessions.robotId), visibleTo(me)))
    .where(and(eq(chatSessions.id, body.category_id), eq(chatSessions.userId, me.userId), eq(chatSessions.groupId, me.groupId)))
    .limit(1);
  if (!found) throw notFound(MSG.sessionNotFound);
  const { session, robot } = found;
  if (!robot) throw notFound(MSG.robotNotFound);
  if (robot.isClose) throw forbidden(MSG.robotClosed);
  const unusable = unusableReason(robot);
  if (unusable) throw forbidden(unusable);

  if (body.continue_id) {
    const record = await findExchange(db, session.id, body.continue_id);
    if (!record) throw notFound(MSG.recordNotFound);
    if (record.status === 'streaming') throw conflict(MSG.replyInProgress);
    await reopenExchange(db, record.id);
    return { robot, record, fresh: true, question: record.question, parts: record.questionParts, continueFrom: record.answer };
  }

  const { text, parts } = questionOf(body.question);
  if (!text && !parts) throw badRequest(MSG.emptyInput);
  if ((await getSensitiveMatcher(db)).firstMatch(text)) throw badRequest(MSG.sensitiveQuestion);
  const { record, created } = await startExchange(db, {
    sessionId: session.id, groupId: session.groupId, userId: me.userId, robotId: robot.id,
    clientMsgId: body.client_msg_id ?? null, question: text, questionParts: parts,
    annex: body.extra.chat_annex, isReason: !!body.is_reason, isNetwork: !!body.is_network,
  });
  return { robot, record, fresh: created, question: text, parts };
}
