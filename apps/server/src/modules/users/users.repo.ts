import { eq, sql } from 'drizzle-orm';
import { MOBILE_RE } from '@xueban/contract/limits';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** Accounts are compared normalised: emails lower-cased, mobiles as typed digits. */
export const normaliseAccount = (account: string) => account.trim().toLowerCase();
export const accountField = (account: string) => (MOBILE_RE.test(account) ? 'mobile' : 'email') as 'mobile' | 'email';

export async function findUserByAccount(db: Db, account: string): Promise<UserRow | null> {
  const a = normaliseAccount(account);
  const column = accountField(a) === 'mobile' ? users.mobile : users.email;
  const [row] = await db.select().from(users).where(eq(column, a)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id));
}
