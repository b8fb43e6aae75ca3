import type { Db } from '../../db/client.ts';
import { updateUser } from './users.repo.ts';

// What other modules may do with accounts. The users table is this module's alone (docs/decisions.md
// "Layering"): registration, login and the organisations change it through these, never its repo.

export { accountField, findUserByAccount, findUserById, insertUser, normaliseAccount, type UserRow } from './users.repo.ts';

/** The organisation the user works in now (null: none left). */
export const setCurrentGroup = (db: Db, userId: number, groupId: number | null) => updateUser(db, userId, { currentGroupId: groupId });

/** The first login is remembered once (spec §3 first_login_time). */
export const markFirstLogin = (db: Db, userId: number) => updateUser(db, userId, { firstLoginTime: new Date() });
