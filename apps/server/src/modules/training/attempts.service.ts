import { TRAIN_LIMITS, TRAIN_MSG, type TrainAttempt } from '@xueban/contract/training';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { nowSeconds } from '../../lib/time.ts';
import { streamCompletion, type ChatMessage } from '../../ai/llm-stream.ts';
import type { ResolvedModel } from '../../ai/model-client.ts';
import { resolveChatModel } from '../ai-models/model-choice.ts';
import { leadsStudent } from '../teams/team-records.service.ts';
import type { TrainTurn } from '../../db/schema/training.ts';
import { attemptInGroup, attemptsOf, insertAttempt, updateAttempt, type AttemptView } from './training.repo.ts';
import { debriefMessages, parseDebrief, roleMessages } from './training-prompt.ts';
import { summaryOf, toAttempt } from './attempt-view.ts';
import { loadScenario } from './scenarios.service.ts';

/** The longest one answer of the model may take in all. */
const ANSWER_TOTAL_MS = 2 * 60_000;

/** The robot's chat model, as the chat chooses it; none: training needs one (said plainly). */
async function modelFor(deps: Deps, robotId: number): Promise<ResolvedModel> {
  const model = await resolveChatModel(deps, robotId);
  if (!model) throw conflict(TRAIN_MSG.noModel);
  return model;
}

/** The model's whole answer (streamed, collected); any failure of the model is a clear 409, never a 500. */
async function ask(deps: Deps, model: ResolvedModel, messages: ChatMessage[], log?: FastifyBaseLogger): Promise<string> {
  try {
    let answer = '';
    for await (const d of streamCompletion(model, messages, {
      signal: AbortSignal.timeout(ANSWER_TOTAL_MS),
      firstByteMs: deps.config.LLM_FIRST_BYTE_TIMEOUT_MS,
      idleMs: deps.config.LLM_IDLE_TIMEOUT_MS,
    })) {
      if (d.kind === 'chat') answer += d.text;
    }
    return answer.trim();
  } catch (err) {
    log?.warn({ err: (err as Error)?.message }, 'training model failed');
    throw conflict(TRAIN_MSG.modelFailed);
  }
}

const turn = (role: TrainTurn['role'], content: string): TrainTurn => ({ role, content, time: nowSeconds() });

/** The caller's own attempt (anyone else's, or another organisation's, is a 404). */
async function ownAttempt(deps: Deps, me: AuthContext, id: number): Promise<AttemptView> {
  const v = await attemptInGroup(deps.db, me.groupId, id);
  if (!v || v.attempt.userId !== me.userId) throw notFound();
  return v;
}

async function answer(deps: Deps, me: AuthContext, id: number): Promise<TrainAttempt> {
  const v = (await attemptInGroup(deps.db, me.groupId, id))!;
  const s = await loadScenario(deps.db, me, v.attempt.scenarioId);
  return toAttempt(v, s.scenario.rounds);
}

/** Starts a practice (train) or a free conversation (talk) of a scenario the caller sees; the opening line comes first. */
export async function startAttempt(deps: Deps, me: AuthContext, scenarioId: number, mode: 'train' | 'talk'): Promise<TrainAttempt> {
  const s = await loadScenario(deps.db, me, scenarioId);
  await modelFor(deps, s.scenario.robotId);
  const turns = s.scenario.opening ? [turn('robot', s.scenario.opening)] : [];
  const id = await insertAttempt(deps.db, { groupId: me.groupId, scenarioId: s.scenario.id, userId: me.userId, mode, turns });
  return answer(deps, me, id);
}

/**
 * One round of the learner. The model answers in its role; in train mode the learner's last round
 * is answered by the scored debrief instead. A model failure stores nothing (the learner sends again).
 */
export async function replyAttempt(deps: Deps, me: AuthContext, id: number, content: string, log?: FastifyBaseLogger): Promise<TrainAttempt> {
  const v = await ownAttempt(deps, me, id);
  const s = await loadScenario(deps.db, me, v.attempt.scenarioId);
  if (v.attempt.status !== 'active') throw conflict(TRAIN_MSG.attemptFinished);
  const train = v.attempt.mode === 'train';
  if (!train && v.attempt.turns.length >= TRAIN_LIMITS.talkTurnsMax) throw conflict(TRAIN_MSG.talkTooLong);
  const model = await modelFor(deps, s.scenario.robotId);
  const turns = [...v.attempt.turns, turn('learner', content)];
  const round = turns.filter((t) => t.role === 'learner').length;
  if (train && round >= s.scenario.rounds) {
    await updateAttempt(deps.db, id, { turns, status: 'unscored' });
    return scoreAttempt(deps, me, id, model, log);
  }
  const reply = await ask(deps, model, roleMessages(s.scenario, turns, train ? 'train' : 'talk'), log);
  await updateAttempt(deps.db, id, { turns: [...turns, turn('robot', reply || '……')] });
  return answer(deps, me, id);
}

/**
 * Asks the model for the debrief of a finished practice and keeps it; an unreadable or failed
 * answer leaves the attempt unscored with the reason, so 重新评分 can ask again.
 */
async function scoreAttempt(deps: Deps, me: AuthContext, id: number, model: ResolvedModel, log?: FastifyBaseLogger): Promise<TrainAttempt> {
  const v = (await attemptInGroup(deps.db, me.groupId, id))!;
  const s = await loadScenario(deps.db, me, v.attempt.scenarioId);
  let text: string;
  try {
    text = await ask(deps, model, debriefMessages(s.scenario, v.attempt.turns), log);
  } catch {
    await updateAttempt(deps.db, id, { debriefError: TRAIN_MSG.modelFailed });
    return answer(deps, me, id);
  }
  const debrief = parseDebrief(text, s.scenario.rubric);
  if (!debrief) log?.warn({ attemptId: id, chars: text.length }, 'training debrief unreadable');
  await updateAttempt(deps.db, id, debrief
    ? { status: 'done', debrief, debriefError: '' }
    : { debriefError: TRAIN_MSG.debriefUnreadable });
  return answer(deps, me, id);
}

/** 重新评分: only an unscored practice of the caller's own. */
export async function redoDebrief(deps: Deps, me: AuthContext, id: number, log?: FastifyBaseLogger): Promise<TrainAttempt> {
  const v = await ownAttempt(deps, me, id);
  const s = await loadScenario(deps.db, me, v.attempt.scenarioId);
  if (v.attempt.status !== 'unscored') throw conflict(TRAIN_MSG.debriefNotNeeded);
  return scoreAttempt(deps, me, id, await modelFor(deps, s.scenario.robotId), log);
}

/** The caller's attempts at a scenario, newest first. */
export async function myAttempts(deps: Deps, me: AuthContext, scenarioId: number) {
  const s = await loadScenario(deps.db, me, scenarioId);
  return (await attemptsOf(deps.db, s.scenario.id, [me.userId])).map((v) => summaryOf(v, s.scenario.rounds));
}

/** One attempt: its learner, a teacher who leads the learner on the scenario's robot, or an admin; else 404. */
export async function attemptDetail(deps: Deps, me: AuthContext, id: number): Promise<TrainAttempt> {
  const v = await attemptInGroup(deps.db, me.groupId, id);
  if (!v) throw notFound();
  const s = await loadScenario(deps.db, me, v.attempt.scenarioId);
  const allowed = v.attempt.userId === me.userId || me.isSuperAdmin || isAdminRoleAbove(me.roles)
    || await leadsStudent(deps.db, me.userId, v.attempt.userId, s.scenario.robotId);
  if (!allowed) throw notFound();
  return toAttempt(v, s.scenario.rounds);
}
