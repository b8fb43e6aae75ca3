import { and, eq, sql } from 'drizzle-orm';
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
import { chatModelChoice, resolveChatModel, toResolved, type ModelNeeds, type ResolvedModel } from '../../ai/models.ts';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { enabledContentsOf, type EnabledContents } from '../robot-contents/robot-contents.service.ts';
import { findExchange, reopenExchange, startExchange, type Exchange, type RecordRow } from './reply-store.ts';

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
  /** What the answer draws on, read by the statements above (null model: the built-in engine). */
  model: ResolvedModel | null;
  history: Exchange[];
  bound: EnabledContents;
}

/** Earlier exchanges the model gets as context. */
const HISTORY_EXCHANGES = 20;

/**
 * The caller's own session with its robot (null when the caller may not see it, as loadVisible
 * would answer), the model that would answer and the robot's enabled bindings: one statement,
 * built once per shape (super admin or not, what the question needs of a model).
 */
function sessionForChat(db: Db, superAdmin: boolean, needs: Required<ModelNeeds>) {
  const name = `chat_session_${superAdmin ? 'any' : 'own'}_${+needs.reasoning}${+needs.vision}`;
  return builtOnce(db, name, () => {
    const choice = chatModelChoice(db, robots.id, needs).as('choice');
    const userId = sql.placeholder('userId');
    const groupId = sql.placeholder('groupId');
    return db.select({ session: chatSessions, robot: robots, model: choice._.selectedFields, bound: enabledContentsOf(robots) })
      .from(chatSessions)
      .leftJoin(robots, and(eq(robots.id, chatSessions.robotId), visibleTo({ isSuperAdmin: superAdmin, userId, groupId })))
      .leftJoinLateral(choice, sql`true`)
      .where(and(eq(chatSessions.id, sql.placeholder('sessionId')), eq(chatSessions.userId, userId), eq(chatSessions.groupId, groupId)))
      .limit(1)
      .prepare(name);
  });
}

/**
 * Everything that may refuse a send, checked before the stream opens so a refusal is a plain
 * JSON envelope: the caller's own session (404), a usable robot, a non-empty question, the
 * sensitive-word list. Then the question is stored (design.md §8) — or, with 继续, the cut-off
 * exchange is reopened.
 *
 * This runs before the first token of every answer, so it reads all the answer needs in two
 * statements: the session with its robot, the model choice and the robot's bindings; then the
 * question's insert, which also reads the history.
 */
export async function prepareChat(deps: Deps, me: AuthContext, body: ChatStreamBody): Promise<PreparedChat> {
  const { db } = deps;
  const { text, parts } = questionOf(body.question);
  const [found] = await sessionForChat(db, me.isSuperAdmin, { reasoning: !!body.is_reason, vision: !!parts })
    .execute({ sessionId: body.category_id, userId: me.userId, groupId: me.groupId });
  if (!found) throw notFound(MSG.sessionNotFound);
  const { session, robot, bound } = found;
  if (!robot) throw notFound(MSG.robotNotFound);
  if (robot.isClose) throw forbidden(MSG.robotClosed);
  const unusable = unusableReason(robot);
  if (unusable) throw forbidden(unusable);

  if (body.continue_id) {
    const record = await findExchange(db, session.id, body.continue_id);
    if (!record) throw notFound(MSG.recordNotFound);
    if (record.status === 'streaming') throw conflict(MSG.replyInProgress);
    // The cut-off question's own parts decide whether a vision model is needed.
    const [history, model] = await Promise.all([
      reopenExchange(db, record, HISTORY_EXCHANGES),
      resolveChatModel(deps, robot.id, { reasoning: !!body.is_reason, vision: !!record.questionParts }),
    ]);
    return {
      robot, record, fresh: true, question: record.question, parts: record.questionParts, continueFrom: record.answer,
      model, history, bound,
    };
  }

  if (!text && !parts) throw badRequest(MSG.emptyInput);
  if ((await getSensitiveMatcher(db)).firstMatch(text)) throw badRequest(MSG.sensitiveQuestion);
  const { record, created, history } = await startExchange(db, {
    sessionId: session.id, groupId: session.groupId, userId: me.userId, robotId: robot.id,
    clientMsgId: body.client_msg_id ?? null, question: text, questionParts: parts,
    annex: body.extra.chat_annex, isReason: !!body.is_reason, isNetwork: !!body.is_network,
  }, HISTORY_EXCHANGES);
  return { robot, record, fresh: created, question: text, parts, model: toResolved(found.model, deps), history, bound };
}
