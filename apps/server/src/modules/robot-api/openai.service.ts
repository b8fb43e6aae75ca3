import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiKeyRow } from '../../db/schema/robot-api.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { saveSession } from '../chat/sessions.service.ts';
import { answerFor } from '../chat/answer-for.service.ts';
import { latestSession, linkSession, takeUse } from './robot-api.repo.ts';
import { OpenAiError, type KeyCaller } from './key-auth.ts';
import { OpenAiStream } from './openai-stream.ts';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
const anyPart = z.object({ type: z.string() }).passthrough();
/** The part of OpenAI's request we read; other fields (temperature, max_tokens…) are accepted and ignored: the robot decides. */
export const completionBody = z.object({
  model: z.string().min(1).max(100),
  messages: z.array(z.object({
    role: z.enum(['system', 'user', 'assistant', 'tool', 'developer']),
    content: z.union([z.string(), z.array(z.union([textPart, anyPart]))]).nullable().optional(),
  }).passthrough()).min(1).max(500),
  stream: z.boolean().optional(),
  user: z.string().trim().min(1).max(64).optional(),
}).passthrough();
export type CompletionBody = z.infer<typeof completionBody>;

const textOf = (content: CompletionBody['messages'][number]['content']) =>
  typeof content === 'string' ? content
    : (content ?? []).flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('\n');

/** The account a key answers as: its own, in the robot's organisation, with no roles. */
const serviceCaller = (key: ApiKeyRow): AuthContext => ({
  userId: key.serviceUserId, sessionId: 0, groupId: key.groupId, roles: [], isSuperAdmin: false, via: 'header',
});

const MODEL_OWNER = 'xueban';

/** GET /v1/models: the robot the key belongs to (a key opens one robot), named by its code. */
export async function listModels(deps: Deps, { key }: KeyCaller) {
  const robot = await findRobot(deps.db, key.robotId);
  return {
    object: 'list',
    data: robot ? [{ id: robot.code, object: 'model', created: Math.floor(robot.createdAt.getTime() / 1000), owned_by: MODEL_OWNER, name: robot.name }] : [],
  };
}

/** Seconds in the limits' windows. */
const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * POST /v1/chat/completions: `model` must be the key's robot; the last user message is the
 * question; the conversation is the end user's under the key (a request with one user message and
 * no answer in it starts a new one, as a client starting a chat does). Limits: per key (api) or per
 * visitor (embed, share), a minute and a day, else 429 with Retry-After. Then the chat panel's
 * pipeline answers (answerFor): the robot's prompt, knowledge, intents and moderation.
 */
export async function completion(deps: Deps, req: FastifyRequest, reply: FastifyReply, caller: KeyCaller, body: CompletionBody, corsHeaders: Record<string, string>) {
  const { key } = caller;
  const robot = await findRobot(deps.db, key.robotId);
  if (!robot || robot.code !== body.model) {
    throw new OpenAiError(404, 'invalid_request_error', 'model_not_found', `模型 ${body.model} 不存在，或此密钥无权使用`, 'model');
  }
  const last = body.messages.at(-1)!;
  const question = last.role === 'user' ? textOf(last.content).trim() : '';
  if (!question) throw new OpenAiError(400, 'invalid_request_error', 'invalid_value', '最后一条消息应是用户的问题，且不能为空', 'messages');
  const perVisitor = key.kind !== 'api';
  if (perVisitor && !body.user) throw new OpenAiError(400, 'invalid_request_error', 'missing_user', '访客对话需要 user 字段（访客标识）', 'user');
  const endUser = body.user ?? 'default';

  const use = await takeUse(deps.db, key, endUser, perVisitor, [{ ms: MINUTE, limit: key.perMinute }, { ms: DAY, limit: key.perDay }]);
  if (!use.ok) {
    throw new OpenAiError(429, 'rate_limit_exceeded', 'rate_limit_exceeded', `请求过于频繁，请 ${use.retryAfter} 秒后再试`, null, { 'retry-after': String(use.retryAfter) });
  }

  const me = serviceCaller(key);
  const fresh = !body.messages.some((m) => m.role === 'assistant');
  let sessionId = fresh ? null : await latestSession(deps.db, key.id, endUser);
  if (!sessionId) {
    const label = key.kind === 'api' ? `API · ${endUser}` : `访客 · ${endUser.slice(0, 12)}`;
    sessionId = (await saveSession(deps, me, { r_id: robot.id, name: label.slice(0, 50) })).id;
    await linkSession(deps.db, key, endUser, sessionId);
  }

  const stream = body.stream === true;
  const id = `chatcmpl-${key.id}-${Date.now().toString(36)}`;
  const sse = new OpenAiStream(req, reply, { stream, id, model: robot.code, headers: corsHeaders });
  try {
    await answerFor(deps, me, {
      type: 1, category_id: sessionId, question, is_reason: 0, is_network: 0, is_short: 0, extra: { chat_annex: [] },
    }, sse, req.log);
  } catch (err) {
    // Refused before anything was streamed: the chat's own reason, in OpenAI's shape.
    if (err instanceof AppError) throw fromAppError(err);
    throw err;
  }
  // Streamed: the answer is written already.
  if (stream) return null;
  const c = sse.collected;
  if (c.error) throw new OpenAiError(502, 'api_error', 'upstream_error', c.error);
  return {
    id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: robot.code,
    choices: [{
      index: 0, message: { role: 'assistant', content: c.content, ...(c.reasoning ? { reasoning_content: c.reasoning } : {}) },
      finish_reason: c.status === 'done' ? 'stop' : 'length',
    }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    sources: c.sources,
    ...(c.recommend ? { recommend_content: c.recommend } : {}),
  };
}

/** The chat's refusals (sensitive question 400, robot closed 403, too many open answers 429) in OpenAI's shape. */
export function fromAppError(err: AppError): OpenAiError {
  const type = err.status === 429 ? 'rate_limit_exceeded' : err.status === 404 ? 'not_found_error' : err.status === 403 ? 'permission_error' : 'invalid_request_error';
  return new OpenAiError(err.status, type, String(err.code), err.message);
}
