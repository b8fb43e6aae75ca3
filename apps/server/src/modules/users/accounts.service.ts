import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { updateUser } from './users.repo.ts';

// What other modules may do with accounts. The users table is this module's alone (docs/decisions.md
// "Layering"): registration, login and the organisations change it through these, never its repo.

export { accountField, findUserByAccount, findUserById, insertUser, normaliseAccount, type UserRow } from './users.repo.ts';

/** The organisation the user works in now (null: none left). */
export const setCurrentGroup = (db: Db, userId: number, groupId: number | null) => updateUser(db, userId, { currentGroupId: groupId });

/** The first login is remembered once (spec §3 first_login_time). */
export const markFirstLogin = (db: Db, userId: number) => updateUser(db, userId, { firstLoginTime: new Date() });

/** How many super admins the install has (none: the first boot creates one). */
export async function superAdminCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isSuperAdmin, true));
  return row?.n ?? 0;
}

export const grantSuperAdmin = (db: Db, userId: number) => updateUser(db, userId, { isSuperAdmin: true });
