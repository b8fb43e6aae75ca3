import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import type { ChatSource, ReplyStatus } from '@xueban/contract/chat';
import type { Deps } from '../../types.ts';
import type { ChatAnnex, QuestionPart } from '../../db/schema/chat.ts';
import type { RobotRow } from '../../db/schema/robots.ts';
import { finishExchange, saveCorrelationQuestions, type Exchange, type RecordRow } from './reply-store.ts';
import type { ProgressSaver } from './progress-saver.ts';
import { getModerator, type ModerationHit } from '../sensitive/sensitive.service.ts';
import { reportSafetyHit } from '../safety/safety.service.ts';
import { builtinAnswer, chunks, robotPassages, type Passage } from '../../ai/builtin-engine.ts';
import { complete, streamCompletion, UnexpectedToolCall, UpstreamTimeout, type Delta } from '../../ai/llm-stream.ts';
import type { ResolvedModel } from '../../ai/model-client.ts';
import { buildMessages, parseRelatedQuestions, relatedQuestionsPrompt } from './prompt.ts';
import type { SseStream } from '../../lib/sse.ts';
import { createWebSearch } from '../../ai/websearch.ts';
import { retrieveForRobot } from '../knowledge/retrieval.ts';
import { matchIntent } from '../intents/intent-match.ts';
import type { EnabledContents } from '../robot-contents/robot-contents.service.ts';
import { NO_TEACHING, teachingContext, type TeachingContext } from './teaching-prompt.ts';
import type { LessonContext } from '../courses/course-records.service.ts';
import { robotFunctionTools } from '../mcp/mcp-chat.service.ts';
import { toolLoopDeltas, type ToolActivity } from './tool-loop.ts';

export interface ChatRunInput {
  deps: Deps;
  robot: RobotRow;
  record: RecordRow;
  question: string;
  parts: QuestionPart[] | null;
  annex: ChatAnnex[];
  isReason: boolean;
  isNetwork: boolean;
  isShort: boolean;
  /** 继续: the text kept so far, which the new deltas extend. */
  continueFrom?: string;
  /** Read with the session and the question (prepareChat): null model means the built-in engine answers. */
  model: ResolvedModel | null;
  history: Exchange[];
  bound: EnabledContents;
  sse: SseStream;
  /** Saves the reply as it grows (batched with every other open stream's). */
  progress: ProgressSaver;
  log: FastifyBaseLogger;
  /** Fired when the server shuts down: the reply is saved as interrupted. */
  shutdown: AbortSignal;
  /** The course lesson the question is about (向机器人提问), checked before the question was stored. */
  lesson?: LessonContext | null;
}

const RELATED_TIMEOUT_MS = 10_000;
/** Heads the built-in engine's answer taken from a teacher's correction. */
const TEACHER_CORRECTED = '老师订正过相似问题的回答：';

/**
 * The pipeline of design.md §4 after the question is stored: intent match and knowledge
 * retrieval → web search → model (or the built-in engine) streamed with output moderation → the
 * reply saved with its status (and the matched intent's recommend content) → related questions →
 * `records` → `close`. Whatever happens, the reply row ends with a status
 * and the text streamed so far.
 */
export async function runChat(x: ChatRunInput): Promise<void> {
  const { deps, sse, record, progress } = x;
  const { config, db } = deps;
  let answer = x.continueFrom ?? '';
  let reasoning = x.continueFrom !== undefined ? record.reasoning : '';
  let modelName = '';
  progress.track(record.id, () => ({ answer, reasoning, model: modelName }));
  const upstream = new AbortController();
  const signal = AbortSignal.any([upstream.signal, sse.abort.signal, x.shutdown]);
  // Each heartbeat also saves, so a reply waiting on a slow model still proves it is alive.
  sse.open(config.CHAT_HEARTBEAT_MS, () => progress.mark(record.id));

  const sources: ChatSource[] = [];
  let status: Exclude<ReplyStatus, 'streaming'> = 'done';
  let notice: string | undefined;
  const { model } = x;
  let intent: Awaited<ReturnType<typeof matchIntent>> = null;
  let teaching: TeachingContext = NO_TEACHING;
  // Set by the moderation's cut below (inside a closure: typed wide on purpose).
  let answerHit = null as ModerationHit | null;
  let answerHitText = '';
  /** Tool calls of the answer (issue 19): their activity cards are stored with the reply. */
  const activities: ToolActivity[] = [];
  try {
    // Started together before the web search; with nothing bound, retrieval and intent matching
    // answer at once without a statement.
    const reads = Promise.all([
      getModerator(db, record.groupId),
      retrieveForRobot(deps, x.bound.repository, x.question, x.history),
      x.continueFrom === undefined ? matchIntent(db, x.robot, x.question, x.bound.intent, config) : null,
      // Teaching (issue 17): the asker's teachers' settings and corrected answers.
      teachingContext(deps, x.robot.id, record.groupId, record.userId, x.question),
    ]);
    reads.catch(() => {}); // awaited below; a failed web search must not leave it unhandled
    if (x.isNetwork) sources.push(...(await webSearch(x, signal)));
    const [matcher, knowledge, matched, teach] = await reads;
    intent = matched;
    teaching = teach;
    // The robot's own knowledge comes first among the sources, then the web's.
    sources.unshift(...knowledge);
    modelName = model?.model ?? 'builtin';
    // ── safety (issue 28): text is shown only once no listed word can still start in it; a hit
    // cuts the answer just before the word, and what was shown is what is kept ──
    const moderation = matcher.stream();
    let received = '';
    let shown = 0;
    const showUpTo = (end: number) => {
      if (end <= shown) return;
      const part = received.slice(shown, end);
      shown = end;
      answer += part;
      sse.send('chat', { content: part });
    };
    const stop = (hit: ModerationHit, text: string) => {
      upstream.abort();
      notice = MSG.sensitiveAnswer;
      answerHit = hit;
      answerHitText = text.slice(hit.start, hit.end);
      sse.send('msg', { content: notice });
    };
    const cut = (hit: ModerationHit) => {
      showUpTo(hit.start);
      stop(hit, received);
    };
    // 深度思考's reasoning is shown to the student too: it is held back and cut the same way.
    const thinking = matcher.stream();
    let thought = '';
    let thinkingDone = false;
    const showThoughtUpTo = (end: number) => {
      if (end <= reasoning.length) return;
      const part = thought.slice(reasoning.length, end);
      reasoning += part;
      sse.send('reasoning', { content: part });
    };
    /** The reasoning has ended (the answer began, or the model finished): what was held back is checked. */
    const endThinking = (): boolean => {
      if (thinkingDone) return false;
      thinkingDone = true;
      const hit = thinking.end();
      if (!hit) {
        showThoughtUpTo(thought.length);
        return false;
      }
      showThoughtUpTo(hit.start);
      stop(hit, thought);
      return true;
    };
    for await (const d of model ? modelDeltas(x, model, sources, signal, teaching, activities) : builtinDeltas(x, sources, signal, teaching)) {
      if (d.kind === 'reasoning') {
        if (!x.isReason || thinkingDone) continue;
        thought += d.text;
        const hit = thinking.push(d.text);
        if (hit) {
          thinkingDone = true;
          showThoughtUpTo(hit.start);
          stop(hit, thought);
          break;
        }
        showThoughtUpTo(thinking.safeLength);
      } else {
        if (endThinking()) break;
        received += d.text;
        const hit = moderation.push(d.text);
        if (hit) {
          cut(hit);
          break;
        }
        showUpTo(moderation.safeLength);
      }
      progress.mark(record.id);
    }
    if (!answerHit && !endThinking()) {
      const hit = moderation.end();
      if (hit) cut(hit);
      else showUpTo(received.length);
    }
    // ── end safety ──
  } catch (err) {
    if (sse.abort.signal.aborted) status = 'stopped';
    else if (x.shutdown.aborted) status = 'interrupted';
    else {
      status = 'failed';
      notice = err instanceof UpstreamTimeout ? MSG.modelTimeout : err instanceof UnexpectedToolCall ? MSG.modelToolCallUnsupported : MSG.modelUnavailable;
      x.log.warn({ err, record: record.id }, 'chat upstream failed');
      sse.send('error', { msg: notice });
    }
  }
  await progress.release(record.id);
  const recommend = intent?.parts;
  await finishExchange(db, record.id, { status, answer, reasoning, model: modelName, notice: notice ?? '', sources, ...(recommend ? { recommend } : {}), activities }, progress.node);
  // ── safety (issue 28): the hit is recorded and the student's teachers told ──
  if (answerHit) {
    await reportSafetyHit(deps, x.log, {
      groupId: record.groupId, robotId: record.robotId, sessionId: record.sessionId, recordId: record.id, studentId: record.userId,
      source: 'answer', word: answerHit.word, matched: answerHitText, category: answerHit.category, severity: answerHit.severity, excerpt: answer,
    });
  }
  sse.send('finish', { status, sources, ...(recommend ? { recommend_content: recommend } : {}) });
  if (status === 'done' && !notice && !sse.closed) {
    const related = await relatedQuestions(x, model, answer);
    if (related.length) {
      await saveCorrelationQuestions(db, record.id, related, progress.node);
      sse.send('correlation_questions', related);
    }
  }
  sse.send('records', { id: record.id });
  sse.send('close', {});
  sse.end();
}

async function webSearch(x: ChatRunInput, signal: AbortSignal): Promise<ChatSource[]> {
  const search = createWebSearch(x.deps.config, x.deps.egress.search);
  if (!search) {
    x.sse.send('msg', { content: MSG.webSearchUnavailable });
    return [];
  }
  try {
    return await search.search(x.question, { signal, limit: 5 });
  } catch (err) {
    if (signal.aborted) throw err;
    x.sse.send('msg', { content: err instanceof Error && err.message ? err.message : MSG.webSearchFailed });
    return [];
  }
}

async function* modelDeltas(x: ChatRunInput, model: ResolvedModel, sources: ChatSource[], signal: AbortSignal, teaching: TeachingContext, activities: ToolActivity[]): AsyncGenerator<Delta> {
  // A model that cannot see images gets the question's text only.
  const parts = x.parts && model.capabilities.includes('vision') ? x.parts : null;
  const messages = buildMessages({
    robot: x.robot, question: x.question, parts, annex: x.annex, sources, history: x.history,
    isShort: x.isShort, contextWindow: model.contextWindow, teaching: teaching.lines, lesson: x.lesson ?? null,
    ...(x.continueFrom !== undefined ? { continueFrom: x.continueFrom } : {}),
  });
  const timeouts = { firstByteMs: x.deps.config.LLM_FIRST_BYTE_TIMEOUT_MS, idleMs: x.deps.config.LLM_IDLE_TIMEOUT_MS };
  // The robot's enabled MCP tools are offered as functions (issue 19; tool-loop.ts runs them).
  const tools = await robotFunctionTools(x.deps, x.robot.id, x.robot.groupId);
  if (!tools.length) return yield* streamCompletion(model, messages, { signal, ...timeouts });
  yield* toolLoopDeltas({ deps: x.deps, model, messages, tools, signal, ...timeouts, sse: x.sse, log: x.log, recordId: x.record.id, activities });
}

/** The built-in engine's answer, streamed in small deltas that yield to other requests. */
async function* builtinDeltas(x: ChatRunInput, sources: ChatSource[], signal: AbortSignal, teaching: TeachingContext): AsyncGenerator<Delta> {
  const passage = (s: ChatSource): Passage => ({
    title: s.title, text: s.snippet, ...(s.url ? { url: s.url } : {}),
    ...(s.document_id ? { documentId: s.document_id, documentName: s.document_name, chunkId: s.chunk_id } : {}),
  });
  const extra: Passage[] = [
    ...(x.lesson ? [{ title: `课时：${x.lesson.title}`, text: x.lesson.content }] : []),
    ...x.annex.filter((a) => a.text).map((a) => ({ title: `附件：${a.name}`, text: a.text! })),
    ...sources.filter((s) => !s.document_id).map(passage),
  ];
  const retrieved = sources.filter((s) => s.document_id).map((s) => ({ passage: passage(s), score: s.score ?? 0 }));
  const found = builtinAnswer(x.robot, x.question, extra, retrieved);
  // Teaching (issue 17): a teacher's correction of a question close enough is the answer.
  const text = teaching.builtinAnswer ? `${MSG.noModelConfigured}\n\n${TEACHER_CORRECTED}\n\n${teaching.builtinAnswer}` : found.text;
  sources.splice(0, sources.length, ...(teaching.builtinAnswer ? [] : found.sources));
  if (x.continueFrom !== undefined) return;
  for (const piece of chunks(text)) {
    signal.throwIfAborted();
    await new Promise((resolve) => setImmediate(resolve));
    yield { kind: 'chat', text: piece };
  }
}

async function relatedQuestions(x: ChatRunInput, model: ResolvedModel | null, answer: string): Promise<string[]> {
  if (!model) {
    const asked = x.question.trim();
    return robotPassages(x.robot).filter((p) => p.title === '推荐问题' && p.text !== asked).map((p) => p.text).slice(0, 3);
  }
  const text = await complete(model, relatedQuestionsPrompt(x.question, answer), RELATED_TIMEOUT_MS, x.sse.abort.signal);
  return parseRelatedQuestions(text);
}
