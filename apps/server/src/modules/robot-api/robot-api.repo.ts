import { and, count, desc, eq, gte, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { robotApiKeys, robotApiSessions, robotApiUsage, type ApiKeyRow } from '../../db/schema/robot-api.ts';

export async function insertKey(db: Db, values: typeof robotApiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(robotApiKeys).values(values).returning();
  return row!;
}

export async function keysOfRobot(db: Db, robotId: number): Promise<ApiKeyRow[]> {
  return db.select().from(robotApiKeys).where(eq(robotApiKeys.robotId, robotId)).orderBy(desc(robotApiKeys.id));
}

/** A key of the caller's organisation (another organisation's id reads as none). */
export async function findKey(db: Db, id: number, groupId: number | null): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(robotApiKeys)
    .where(and(eq(robotApiKeys.id, id), groupId === null ? undefined : eq(robotApiKeys.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(robotApiKeys).where(eq(robotApiKeys.keyHash, keyHash)).limit(1);
  return row ?? null;
}

export async function revokeKey(db: Db, id: number): Promise<ApiKeyRow> {
  const [row] = await db.update(robotApiKeys).set({ revokedAt: sql`coalesce(${robotApiKeys.revokedAt}, now())` })
    .where(eq(robotApiKeys.id, id)).returning();
  return row!;
}

/** Counts of a robot's (or one key's) questions: since `since`, and in all. */
export async function usageByKey(db: Db, robotId: number, since: Date) {
  return db.select({
    keyId: robotApiUsage.keyId,
    today: sql<number>`count(*) filter (where ${robotApiUsage.createdAt} >= ${since})`.mapWith(Number),
    total: count(),
  }).from(robotApiUsage).where(eq(robotApiUsage.robotId, robotId)).groupBy(robotApiUsage.keyId);
}

export async function usageByDay(db: Db, robotId: number, since: Date) {
  const day = sql<string>`to_char(${robotApiUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db.select({ date: day, count: count() }).from(robotApiUsage)
    .where(and(eq(robotApiUsage.robotId, robotId), gte(robotApiUsage.createdAt, since))).groupBy(day);
}

/**
 * Takes one question of a key's limits: the use is stored first, then the window counted with it,
 * so two requests at once cannot both slip under the limit. Over a limit, the use is taken back
 * and the answer is the seconds until the window's oldest use leaves it (Retry-After).
 */
export async function takeUse(
  db: Db, key: ApiKeyRow, endUser: string, perVisitor: boolean, windows: { ms: number; limit: number }[],
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const [use] = await db.insert(robotApiUsage).values({ keyId: key.id, groupId: key.groupId, robotId: key.robotId, endUser }).returning();
  const who = and(eq(robotApiUsage.keyId, key.id), perVisitor ? eq(robotApiUsage.endUser, endUser) : undefined);
  for (const w of windows) {
    const since = new Date(use!.createdAt.getTime() - w.ms);
    const [row] = await db.select({ n: count(), oldest: sql<string>`min(${robotApiUsage.createdAt})` })
      .from(robotApiUsage).where(and(who, sql`${robotApiUsage.createdAt} > ${since}`));
    if ((row?.n ?? 0) > w.limit) {
      await db.delete(robotApiUsage).where(eq(robotApiUsage.id, use!.id));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
      return { ok: false, retryAfter: Math.max(1, Math.ceil((oldest + w.ms - Date.now()) / 1000)) };
    }
  }
  await db.update(robotApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(robotApiKeys.id, key.id));
  return { ok: true };
}

/** The end user's latest conversation under the key. */
export async function latestSession(db: Db, keyId: number, endUser: string): Promise<number | null> {
  const [row] = await db.select({ id: max(robotApiSessions.chatSessionId) }).from(robotApiSessions)
    .where(and(eq(robotApiSessions.keyId, keyId), eq(robotApiSessions.endUser, endUser)));
  return row?.id ?? null;
}

export async function linkSession(db: Db, key: ApiKeyRow, endUser: string, chatSessionId: number) {
  await db.insert(robotApiSessions).values({ keyId: key.id, groupId: key.groupId, endUser, chatSessionId });
}

export const notRevoked = isNull(robotApiKeys.revokedAt);
