import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { Role, hasAnyRole } from '@xueban/contract/roles';
import type { Db } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { jsonObject } from '../db/json-object.ts';
import { authSessions, users } from '../db/schema/users.ts';
import { groupMembers } from '../db/schema/groups.ts';
import { AppError, forbidden } from './errors.ts';
import { sha256 } from './crypto.ts';
import type { Access } from './access.ts';

export const SESSION_COOKIE = 'token';

export interface AuthContext {
  userId: number;
  sessionId: number;
  /** The caller's current organisation: every tenant-owned query is scoped to it. */
  groupId: number;
  /** Roles in the current organisation, plus ROLE_SUPER_ADMIN when held. */
  roles: string[];
  isSuperAdmin: boolean;
  via: 'cookie' | 'header';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set when a token was sent but is unknown, revoked or expired. */
    authError: 'invalid' | 'expired' | null;
  }
}

/**
 * The request's session token, from the X-Token header or the cookie. When both are sent they must
 * be the same token: a request speaks for one user, so a cookie of one and a header of another is
 * refused ('mixed') rather than served as either.
 */
export function readToken(req: FastifyRequest): { token: string; via: 'cookie' | 'header' } | 'mixed' | null {
  const header = req.headers['x-token'];
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (typeof header === 'string' && header) return cookie && cookie !== header ? 'mixed' : { token: header, via: 'header' };
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** What a call needs of its caller, read as one JSON object (db/json-object.ts). */
const CALLER = jsonObject({
  sessionId: authSessions.id,
  expiresAt: authSessions.expiresAt,
  userId: users.id,
  status: users.status,
  isSuperAdmin: users.isSuperAdmin,
  groupId: users.currentGroupId,
  roles: groupMembers.roles,
});

/** The session, user and current membership of a token's hash: one statement, built once (it runs on every call). */
const sessionOfToken = (db: Db) => builtOnce(db, 'auth_session', () => db
  .select({ caller: sql<string>`${CALLER.sql}::text` })
  .from(authSessions)
  .innerJoin(users, eq(users.id, authSessions.userId))
  .leftJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, users.currentGroupId)))
  .where(and(eq(authSessions.tokenHash, sql.placeholder('tokenHash')), isNull(authSessions.revokedAt)))
  .limit(1)
  .prepare('auth_session'));

/** Resolves the caller from the token in one query (session, user and current membership). */
export async function resolveAuth(db: Db, req: FastifyRequest): Promise<void> {
  req.auth = null;
  req.authError = null;
  const found = readToken(req);
  if (found === 'mixed' || (found && found.token.length > 200)) {
    req.authError = 'invalid';
    return;
  }
  if (!found) return;
  const [answer] = await sessionOfToken(db).execute({ tokenHash: sha256(found.token) });
  const row = answer && CALLER.read(JSON.parse(answer.caller) as Record<string, unknown>);
  if (!row || row.status !== 1) {
    req.authError = 'invalid';
    return;
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    req.authError = 'expired';
    return;
  }
  const roles = [...(row.roles ?? [])];
  if (row.isSuperAdmin) roles.unshift(Role.SUPER_ADMIN);
  req.auth = {
    userId: row.userId,
    sessionId: row.sessionId,
    groupId: row.roles ? (row.groupId ?? 0) : 0,
    roles,
    isSuperAdmin: row.isSuperAdmin,
    via: found.via,
  };
}

/** Enforces a route's declared access. Super admins pass every role check. */
export function enforceAccess(req: FastifyRequest, access: Access): void {
  if (access === 'public' || access === 'optional') return;
  if (!req.auth) {
    if (req.authError === 'expired') throw new AppError(401, Code.TOKEN_EXPIRED, MSG.sessionExpired);
    throw new AppError(401, Code.TOKEN_INVALID, req.authError ? MSG.sessionExpired : MSG.loginRequired);
  }
  if (access === 'user') return;
  if (req.auth.isSuperAdmin) return;
  if (!hasAnyRole(req.auth.roles, access.roles)) throw forbidden(access.denied ?? MSG.noAccess);
}

/** The caller of a route whose access is not public. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, Code.TOKEN_INVALID, MSG.loginRequired);
  return req.auth;
}

/** The caller's current organisation, for a call that writes its rows (a super admin may have none: 403). */
export function callerGroupId(req: FastifyRequest): number {
  const { groupId } = caller(req);
  if (!groupId) throw forbidden(MSG.orgNotMember);
  return groupId;
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeDays: number, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeDays * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
