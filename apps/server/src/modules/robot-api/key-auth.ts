import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../types.ts';
import type { ApiKeyRow } from '../../db/schema/robot-api.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isEmbedTicket, readEmbedTicket } from '../../lib/embed-ticket.ts';
import { findKey, findKeyByHash } from './robot-api.repo.ts';
import { keyStatus } from './keys.service.ts';

/** An error in OpenAI's shape ({error:{message,type,param,code}}), with its HTTP status and headers. */
export class OpenAiError extends Error {
  constructor(
    readonly status: number, readonly type: string, readonly code: string | null, message: string,
    readonly param: string | null = null, readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export const invalidKey = (message = '无效的 API 密钥') => new OpenAiError(401, 'invalid_request_error', 'invalid_api_key', message);

/** How the caller holds the key: a key itself (api, share), or a ticket /embed.js got for an allowed page. */
export interface KeyCaller { key: ApiKeyRow; via: 'key' | 'ticket' }

/** The origin a browser sent, or null when the request comes from no page (a server, a script). */
export function requestOrigin(req: FastifyRequest): string | null {
  const o = req.headers.origin;
  return typeof o === 'string' && o !== 'null' ? o.toLowerCase() : null;
}

/** This server's own origin(s): the page a share link or an embed frame runs in. */
export function isOwnOrigin(req: FastifyRequest, deps: Deps, origin: string): boolean {
  if (origin === `${req.protocol}://${req.host}`.toLowerCase()) return true;
  return !!deps.config.PUBLIC_URL && origin === new URL(deps.config.PUBLIC_URL).origin;
}

/**
 * The key of `Authorization: Bearer <key>`: unknown, revoked or expired → 401. Browser origins:
 * an api key only from the origins it lists (none listed: no browser); a share link and an embed
 * frame only from this server's own pages; an embed key itself only opens tickets (embed.routes).
 */
export async function keyOfRequest(deps: Deps, req: FastifyRequest): Promise<KeyCaller> {
  const header = req.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  if (!bearer) throw invalidKey('缺少 API 密钥：请在请求头中提供 Authorization: Bearer <密钥>');
  if (bearer.length > 1000) throw invalidKey();
  let caller: KeyCaller;
  if (isEmbedTicket(bearer)) {
    const ticket = readEmbedTicket(deps.config.APP_SECRET, bearer);
    const key = ticket && await findKey(deps.db, ticket.keyId, null);
    if (!key || key.kind !== 'embed') throw invalidKey('嵌入凭证无效或已过期，请刷新页面');
    caller = { key, via: 'ticket' };
  } else {
    const key = await findKeyByHash(deps.db, sha256(bearer));
    if (!key) throw invalidKey();
    if (key.kind === 'embed') throw new OpenAiError(403, 'permission_error', 'embed_key', '嵌入密钥只能通过 /embed.js 在允许的网页中使用');
    caller = { key, via: 'key' };
  }
  const status = keyStatus(caller.key);
  if (status === 'revoked') throw invalidKey('API 密钥已被吊销');
  if (status === 'expired') throw new OpenAiError(401, 'invalid_request_error', 'expired_api_key', caller.key.kind === 'share' ? '分享链接已过期' : 'API 密钥已过期');
  const origin = requestOrigin(req);
  if (origin && !isOwnOrigin(req, deps, origin)) {
    const allowed = caller.key.kind === 'api' && caller.key.allowedOrigins.includes(origin);
    if (!allowed) throw new OpenAiError(403, 'permission_error', 'origin_not_allowed', `来源 ${origin} 不在此密钥允许的来源中`);
  }
  return caller;
}
