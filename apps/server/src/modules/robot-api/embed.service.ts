import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../types.ts';
import { sha256 } from '../../lib/crypto.ts';
import { signEmbedTicket } from '../../lib/embed-ticket.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { findKeyByHash } from './robot-api.repo.ts';
import { OpenAiError, invalidKey, requestOrigin, type KeyCaller } from './key-auth.ts';
import { keyStatus } from './keys.service.ts';

/** How long a ticket lets a page's visitor chat before /embed.js (a page reload) fetches another. */
const TICKET_HOURS = 12;

/** The server's address as the embedding page reaches it (PUBLIC_URL, else this request's). */
export const baseUrl = (deps: Deps, req: FastifyRequest) => (deps.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/$/, '');

/**
 * POST /v1/embed/ticket (called by /embed.js on the embedding page): the embed key must be active
 * and the page's Origin one the key allows; the ticket names that origin, and only that origin may
 * then frame the chat (security-headers.ts). Any other origin is refused (403), and no bubble shows.
 */
export async function embedTicket(deps: Deps, req: FastifyRequest, publicKey: string) {
  const key = await findKeyByHash(deps.db, sha256(publicKey));
  if (!key || key.kind !== 'embed' || keyStatus(key) !== 'active') throw invalidKey('嵌入密钥无效、已过期或已被吊销');
  const origin = requestOrigin(req);
  if (!origin || !key.allowedOrigins.includes(origin)) {
    throw new OpenAiError(403, 'permission_error', 'origin_not_allowed', `此网页的来源 ${origin ?? '（未知）'} 未被允许嵌入该机器人`);
  }
  const exp = Math.floor(Date.now() / 1000) + TICKET_HOURS * 3600;
  const until = key.expiresAt ? Math.min(exp, Math.floor(key.expiresAt.getTime() / 1000)) : exp;
  const ticket = signEmbedTicket(deps.config.APP_SECRET, { keyId: key.id, origin, exp: until });
  const query = new URLSearchParams({ embed: '1', rid: String(key.robotId), ticket });
  return { ticket, chat_url: `${baseUrl(deps, req)}/external-dialogue?${query}` };
}

/** GET /v1/embed/robot: what the visitor's chat shows before the first question. */
export async function embedRobot(deps: Deps, { key }: KeyCaller) {
  const robot = await findRobot(deps.db, key.robotId);
  if (!robot) throw new OpenAiError(404, 'not_found_error', 'model_not_found', '机器人不存在');
  const info = robot.config.onboarding_info;
  return {
    id: robot.id, code: robot.code, name: robot.name, avatar: robot.avatar,
    prologue: info.prologue || robot.msg, suggested_questions: info.suggested_questions.slice(0, 3),
    per_minute: key.perMinute, per_day: key.perDay,
  };
}
