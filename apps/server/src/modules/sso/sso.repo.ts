import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ssoConfigs, ssoLogins } from '../../db/schema/sso.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

export async function findSsoConfig(db: Db, groupId: number): Promise<SsoConfigRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.groupId, groupId)).limit(1);
  return row ?? null;
}

export async function upsertSsoConfig(db: Db, values: typeof ssoConfigs.$inferInsert) {
  const { groupId: _g, ...rest } = values;
  await db.insert(ssoConfigs).values(values).onConflictDoUpdate({ target: ssoConfigs.groupId, set: { ...rest, updatedAt: new Date() } });
}

export async function insertLogin(db: Db, values: typeof ssoLogins.$inferInsert) {
  await db.insert(ssoLogins).values(values);
}

/** Takes a login in flight once: the row is deleted as it is read, so a state is never replayed. */
export async function takeLogin(db: Db, state: string, now: number) {
  const [row] = await db.delete(ssoLogins).where(and(eq(ssoLogins.state, state), gt(ssoLogins.expireTime, now))).returning();
  return row ?? null;
}
