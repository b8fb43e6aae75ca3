import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import type { ChatStreamBody } from '@xueban/contract/chat';
import type { Deps } from '../../types.ts';
import { chatRecords, chatSessions, type QuestionPart } from '../../db/schema/chat.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { robots, type RobotRow } from '../../db/schema/robots.ts';
import { unusableReason, usableRobot, visibleTo } from '../robots/robot-access.ts';
import { checkQuestion, type ModerationHit } from '../sensitive/sensitive.service.ts';
import { reportSafetyHit } from '../safety/safety.service.ts';
import { chatModelChoice, resolveChatModel, toResolved } from '../ai-models/model-choice.ts';
import type { ModelNeeds, ResolvedModel } from '../../ai/model-client.ts';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { enabledContentsOf, type EnabledContents } from '../robot-contents/robot-contents.service.ts';
import { findByClientMsgId, findExchange, historyOf, reopenExchange, type Exchange, type RecordRow } from './reply-store.ts';
import { fileKeyOf } from '../files/file-links.ts';
import { imageDataUrl } from '../files/files.service.ts';
import { classQuota } from './class-quota.ts';

/** The plain text of a question, and its parts when it carries images. */
export function questionOf(q: ChatStreamBody['question']): { text: string; parts: QuestionPart[] | null } {
  if (typeof q === 'string') return { text: q.trim(), parts: null };
  const text = q.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n').trim();
  const parts = q.some((p) => p.type === 'image_url') ? (q as QuestionPart[]) : null;
  return { text, parts };
}

/** How long a session name taken from a question may be (in characters; longer ones end in …). */
const SESSION_NAME_CHARS = 20;

/**
 * The name a new session takes from its first question: whitespace collapsed, cut to 20
 * characters (by code point, so never half a character). Empty for a question of pictures alone.
 */
export function sessionNameOf(question: string): string {
  const chars = [...question.replace(/\s+/g, ' ').trim()];
  return chars.length > SESSION_NAME_CHARS ? `${chars.slice(0, SESSION_NAME_CHARS).join('').trimEnd()}…` : chars.join('');
}

export interface PreparedChat {
  robot: RobotRow;
  record: RecordRow;
  /** false: a retried send whose exchange exists already; it is replayed, not answered again. */
  fresh: boolean;
  question: string;
  /** The question's parts as the model gets them (our own images inlined, see partsForModel). */
  parts: QuestionPart[] | null;
  continueFrom?: string;
  /** What the answer draws on, read by the statements above (null model: the built-in engine). */
  model: ResolvedModel | null;
  history: Exchange[];
  bound: EnabledContents;
}

/** Earlier exchanges the model gets as context. */
export const HISTORY_EXCHANGES = 20;

/** The columns a new exchange is stored with (the rest take their defaults), in the order startChat gives them. */
const NEW_EXCHANGE = [
  chatRecords.sessionId, chatRecords.groupId, chatRecords.userId, chatRecords.robotId, chatRecords.clientMsgId,
  chatRecords.question, chatRecords.questionParts, chatRecords.annex, chatRecords.isReason, chatRecords.isNetwork, chatRecords.streamNode,
].map((c) => sql.identifier(c.name));

/**
 * Everything that starts an answer, in one statement (it runs before the first token of every
 * answer), built once per shape (super admin or not, what the question needs of a model):
 * - the caller's own session with its robot (null when the caller may not see it, as loadVisible
 *   would answer), the model that would answer and the robot's enabled bindings;
 * - only when the send is accepted — the caller's session, its robot visible and usable, and
 *   `accepted` (the question's own checks, made before) — the session moved to the top of its
 *   list and, at its first question while still called 新建会话, named after it (`opened`), and
 *   the question stored with a `streaming` reply (`stored`; none for a
 *   client message id already used in the session);
 * - the session's last exchanges, read on the snapshot before the insert, so without the new one.
 * A refused send stores nothing; prepareChat names the refusal.
 */
function startChat(db: Db, superAdmin: boolean, needs: Required<ModelNeeds>) {
  const name = `chat_start_${superAdmin ? 'any' : 'own'}_${+needs.reasoning}${+needs.vision}`;
  return builtOnce(db, name, () => {
    const value = sql.placeholder;
    const [userId, groupId, sessionId] = [value('userId'), value('groupId'), value('sessionId')];
    const own = and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.groupId, groupId));
    const visible = visibleTo({ isSuperAdmin: superAdmin, userId, groupId });
    // A session still called 新建会话 with nothing asked yet takes the question's name (sessionName).
    const firstName = sql`case when ${chatSessions.name} = ${MSG.newSession} and ${value('sessionName')}::text <> ''
      and not exists (select 1 from ${chatRecords} where ${chatRecords.sessionId} = ${chatSessions.id})
      then ${value('sessionName')}::text else ${chatSessions.name} end`;
    const opened = db.$with('opened').as(db.update(chatSessions).set({ updatedAt: sql`now()`, name: firstName }).from(robots)
      .where(and(own, eq(robots.id, chatSessions.robotId), visible, usableRobot, sql`${value('accepted')}::boolean`))
      .returning({ id: chatSessions.id, groupId: chatSessions.groupId, userId: chatSessions.userId, robotId: chatSessions.robotId }));
    // Parts and attachments come as JSON text (the same on both drivers); no parts stays SQL NULL.
    const stored = db.$with('stored', getTableColumns(chatRecords)).as(sql`insert into ${chatRecords} (${sql.join(NEW_EXCHANGE, sql`, `)})
      select ${opened.id}, ${opened.groupId}, ${opened.userId}, ${opened.robotId}, ${value('clientMsgId')}::text, ${value('question')}::text,
        ${value('questionParts')}::jsonb, ${value('annex')}::jsonb, ${value('isReason')}::boolean, ${value('isNetwork')}::boolean,
        ${value('streamNode')}::text
      from ${opened} on conflict do nothing returning *`);
    const choice = chatModelChoice(db, robots.id, needs).as('choice');
    return db.with(opened, stored)
      .select({
        session: chatSessions, robot: robots, model: choice._.selectedFields, bound: enabledContentsOf(robots),
        record: stored._.selectedFields, history: historyOf(db, sessionId, HISTORY_EXCHANGES),
      })
      .from(chatSessions)
      .leftJoin(robots, and(eq(robots.id, chatSessions.robotId), visible))
      .leftJoinLateral(choice, sql`true`)
      .leftJoin(stored, sql`true`)
      .where(own)
      .limit(1)
      .prepare(name);
  });
}

/**
 * Everything that may refuse a send, checked before the stream opens so a refusal is a plain
 * JSON envelope, in this order: the caller's own session (404), a usable robot, a non-empty
 * question, the sensitive-word list. Otherwise the question is stored (design.md §8) — or, with
 * 继续, the cut-off exchange is reopened.
 *
 * This runs before the first token of every answer, so it reads all the answer needs, and stores
 * the question, in one statement (startChat): the question's own checks are made first, and the
 * statement stores it only if the session and the robot pass too. The reply is marked as streamed
 * by `node` (this process's NODE_NAME), for the boot sweep.
 */
export async function prepareChat(deps: Deps, me: AuthContext, body: ChatStreamBody, node: string, log?: FastifyBaseLogger): Promise<PreparedChat> {
  const { db } = deps;
  const { text, parts } = questionOf(body.question);
  const continuing = !!body.continue_id;
  // The platform's list and the organisation's own words, folded, then the moderation model (issue 28).
  const questionHit = continuing || !text ? null : await checkQuestion(deps, log, me.groupId, text);
  const questionRefusal = continuing ? null
    : !text && !parts ? badRequest(MSG.emptyInput)
      : questionHit ? badRequest(MSG.sensitiveQuestion)
        : null;
  // Class daily question quota (teams): at the quota the question is refused and nothing stored.
  const quota = continuing || questionRefusal ? null : await classQuota(db, me, body);
  const quotaRefusal = quota?.refusal ?? null;
  const [found] = await startChat(db, me.isSuperAdmin, { reasoning: !!body.is_reason, vision: !!parts }).execute({
    sessionId: body.category_id, userId: me.userId, groupId: me.groupId, accepted: !continuing && !questionRefusal && !quotaRefusal,
    clientMsgId: body.client_msg_id ?? null, question: text, questionParts: parts && JSON.stringify(parts),
    annex: JSON.stringify(body.extra.chat_annex), isReason: !!body.is_reason, isNetwork: !!body.is_network, streamNode: node,
    sessionName: sessionNameOf(text),
  });
  // Counted but not stored (the session, the robot or a concurrent replay refused it): given back.
  if (quota && !quotaRefusal && !found?.record) await quota.giveBack();
  if (!found) throw notFound(MSG.sessionNotFound);
  const { session, robot, bound } = found;
  if (!robot) throw notFound(MSG.robotNotFound);
  if (robot.isClose) throw forbidden(MSG.robotClosed);
  const unusable = unusableReason(robot);
  if (unusable) throw forbidden(unusable);

  if (continuing) {
    const record = await findExchange(db, session.id, body.continue_id!);
    if (!record) throw notFound(MSG.recordNotFound);
    if (record.status === 'streaming') throw conflict(MSG.replyInProgress);
    // The cut-off question's own parts decide whether a vision model is needed.
    const [history, model] = await Promise.all([
      reopenExchange(db, record, HISTORY_EXCHANGES, node),
      resolveChatModel(deps, robot.id, { reasoning: !!body.is_reason, vision: !!record.questionParts }),
    ]);
    return {
      robot, record, fresh: true, question: record.question, parts: await partsForModel(deps, me, record.questionParts, model),
      continueFrom: record.answer, model, history, bound,
    };
  }

  // ── safety (issue 28): a refused question is recorded and its student's teachers told ──
  if (questionHit) await reportQuestionHit(deps, log, { groupId: session.groupId, robotId: robot.id, sessionId: session.id, studentId: me.userId }, text, questionHit);
  // ── end safety ──
  if (questionRefusal) throw questionRefusal;
  if (quotaRefusal) throw quotaRefusal;
  const model = toResolved(found.model, deps);
  if (found.record) {
    return { robot, record: found.record, fresh: true, question: text, parts: await partsForModel(deps, me, parts, model), model, history: found.history, bound };
  }
  // A retried send (its client message id already used here): the exchange stored the first time.
  const earlier = body.client_msg_id ? await findByClientMsgId(db, session.id, body.client_msg_id) : null;
  if (!earlier) throw new Error(`chat ${session.id}: the question was not stored although the send was accepted`);
  // Still streaming: a resume may take it over (its node gone) and continue it with these parts.
  const resumable = earlier.status === 'streaming' ? await partsForModel(deps, me, earlier.questionParts, model) : parts;
  return { robot, record: earlier, fresh: false, question: earlier.question, parts: resumable, model, history: [], bound };
}

/** Our own pictures inlined into one question, all together (the size of one picture at the upload limit). */
const INLINE_IMAGES_MAX_BYTES = LIMITS.upload.imageBytes;

/**
 * The question's parts as a vision model gets them. Our own pictures (`/api/files/…`, which the
 * web uploads) go inline as data URLs: a provider can neither log in nor reach a server on
 * loopback or an intranet, and a link to them would be refused. Only pictures the asker may read
 * themselves are inlined (another organisation's file is left out, as is one that is gone or
 * unreadable); other http(s) and data URLs go as they are; anything else (a bare path) is left
 * out. No picture left: the text alone. A model without vision gets the text anyway (runChat).
 */
async function partsForModel(
  deps: Deps, me: AuthContext, parts: QuestionPart[] | null, model: ResolvedModel | null,
): Promise<QuestionPart[] | null> {
  if (!parts || !model?.capabilities.includes('vision')) return parts;
  // One after another within one budget, each picture once: ten links to one 20 MB upload
  // must not become ten copies in memory (and again on every 继续).
  const kept: QuestionPart[] = [];
  const inlined = new Set<string>();
  let budget = INLINE_IMAGES_MAX_BYTES;
  for (const p of parts) {
    if (p.type !== 'image_url') {
      kept.push(p);
      continue;
    }
    const key = fileKeyOf(p.image_url.url, deps.config.PUBLIC_URL);
    if (!key) {
      if (/^(https?:|data:image\/)/i.test(p.image_url.url)) kept.push(p);
      continue;
    }
    if (inlined.has(key)) continue;
    const image = await imageDataUrl(deps, key, me, budget).catch(() => null);
    if (!image) continue;
    inlined.add(key);
    budget -= image.size;
    kept.push({ type: 'image_url', image_url: { ...p.image_url, url: image.url } });
  }
  return kept.some((p) => p.type === 'image_url') ? kept : null;
}

/**
 * Safety (issue 28): a refused question stores no exchange, so its alert opens the session at its
 * last exchange (the context it was asked in), and keeps the question itself as its excerpt.
 */
async function reportQuestionHit(
  deps: Deps, log: FastifyBaseLogger | undefined, at: { groupId: number; robotId: number; sessionId: number; studentId: number },
  question: string, hit: ModerationHit,
) {
  const [last] = await deps.db.select({ id: chatRecords.id }).from(chatRecords)
    .where(eq(chatRecords.sessionId, at.sessionId)).orderBy(desc(chatRecords.id)).limit(1);
  await reportSafetyHit(deps, log, {
    ...at, recordId: last?.id ?? null, source: 'question', word: hit.word, matched: question.slice(hit.start, hit.end),
    category: hit.category, severity: hit.severity, excerpt: question, origin: hit.origin ?? 'list',
  });
}
