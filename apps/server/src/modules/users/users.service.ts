import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { accountField, findUserByAccount, findUserById, normaliseAccount, updateUser } from './users.repo.ts';
import { consumeCode, issueCode, type CodePurpose } from '../verify/verify.service.ts';
import { revokeUserSessions } from '../passport/passport.service.ts';
import { findGroup, findMembership } from '../groups/membership.service.ts';

/**
 * Sends a verification code. For 'reset' the answer never tells whether the account exists;
 * 'change' and 'verify' need a logged-in caller.
 */
export async function sendCode(deps: Deps, me: AuthContext | null, account: string, type: CodePurpose) {
  const { db, codeSender } = deps;
  const existing = await findUserByAccount(db, account);
  if (type === 'register' || type === 'change') {
    if (type === 'change' && !me) throw forbidden(MSG.loginRequired);
    if (existing) throw conflict(MSG.accountTaken);
    return issueCode(db, codeSender, account, type);
  }
  if (type === 'verify') {
    if (!me) throw forbidden(MSG.loginRequired);
    if (!existing || existing.id !== me.userId) throw badRequest(MSG.accountInvalid);
    return issueCode(db, codeSender, account, type);
  }
  if (existing) await issueCode(db, codeSender, account, type);
}

export async function modifyPassword(deps: Deps, me: AuthContext, oldPassword: string, password: string) {
  const user = await findUserById(deps.db, me.userId);
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest(MSG.oldPasswordWrong);
  await updateUser(deps.db, me.userId, { passwordHash: await hashPassword(password), mustChangePassword: false });
  // Every other session ends; the one that changed the password stays signed in.
  await revokeUserSessions(deps.db, me.userId, me.sessionId);
}

/** Resets by code. A wrong or unknown account gets the same answer as a wrong code. */
export async function resetPassword(deps: Deps, account: string, code: string, password: string) {
  await consumeCode(deps.db, account, 'reset', code);
  const user = await findUserByAccount(deps.db, account);
  if (!user) throw badRequest(MSG.codeInvalid);
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(password), isCertificated: true, mustChangePassword: false });
  await revokeUserSessions(deps.db, user.id);
}

export async function changeAccount(deps: Deps, me: AuthContext, account: string, code: string) {
  const target = normaliseAccount(account);
  const existing = await findUserByAccount(deps.db, target);
  if (existing) throw conflict(MSG.accountTaken);
  await consumeCode(deps.db, target, 'change', code);
  await updateUser(deps.db, me.userId, { [accountField(target)]: target, isCertificated: true });
}

export async function verifyOwnAccount(deps: Deps, me: AuthContext, account: string, code: string) {
  const user = await findUserByAccount(deps.db, account);
  if (!user || user.id !== me.userId) throw badRequest(MSG.codeInvalid);
  await consumeCode(deps.db, account, 'verify', code);
  await updateUser(deps.db, me.userId, { isCertificated: true });
}

/**
 * spec §4 status check: user_status is false for a disabled or signed-out account; group_status
 * is false when the current organisation is disabled or the user no longer belongs to it.
 */
export async function userStatus(deps: Deps, me: AuthContext | null) {
  const user = me ? await findUserById(deps.db, me.userId) : null;
  if (!user || user.status !== 1) return { user_status: false, group_status: false };
  const groupId = user.currentGroupId;
  const group = groupId ? await findGroup(deps.db, groupId) : null;
  const member = group ? await findMembership(deps.db, group.id, user.id) : null;
  return { user_status: true, group_status: groupId ? group?.status === 1 && member !== null : true };
}

/** Disables (0) or enables (1) an account; a disabled one loses its sessions at once. */
export async function setAccountStatus(db: Deps['db'], userId: number, status: 0 | 1) {
  await updateUser(db, userId, { status });
  if (status === 0) await revokeUserSessions(db, userId);
}

/**
 * A super admin's password reset: the new password works at once, every session ends, and the
 * user must choose another at the next login (pass_reset_required).
 */
export async function adminSetPassword(db: Deps['db'], userId: number, password: string) {
  await updateUser(db, userId, { passwordHash: await hashPassword(password), mustChangePassword: true });
  await revokeUserSessions(db, userId);
}
