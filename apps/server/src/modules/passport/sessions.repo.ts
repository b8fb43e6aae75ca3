import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/users.ts';
import { addDays } from '../../lib/time.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';

/** Creates a fresh session: a new token at every login, never a reused one. */
export async function createSession(db: Db, userId: number, days: number, meta: { ip: string; userAgent: string }) {
  const token = newToken();
  await db.insert(authSessions).values({
    tokenHash: sha256(token), userId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300),
    expiresAt: addDays(new Date(), days),
  });
  return token;
}

export async function revokeToken(db: Db, token: string) {
  await db.update(authSessions).set({ revokedAt: new Date() })
    .where(and(eq(authSessions.tokenHash, sha256(token)), isNull(authSessions.revokedAt)));
}

/** Revokes every session of a user, optionally keeping the one in use. */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number) {
  const base = and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt));
  await db.update(authSessions).set({ revokedAt: new Date() })
    .where(keepSessionId ? and(base, ne(authSessions.id, keepSessionId)) : base);
}
