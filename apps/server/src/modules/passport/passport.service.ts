import { randomUUID } from 'node:crypto';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import type { Deps } from '../../types.ts';
import { AppError, conflict, forbidden, tooMany } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AttemptWindow } from '../../lib/attempt-window.ts';
import { Code } from '@xueban/contract/codes';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { accountField, findUserByAccount, insertUser, markFirstLogin, normaliseAccount, setCurrentGroup } from '../users/accounts.service.ts';
import { addMember, defaultGroupId, membershipsOf } from '../groups/membership.service.ts';
import { consumeCode } from '../verify/verify.service.ts';
import { getWebsiteConfig } from '../settings/settings.service.ts';

export { revokeUserSessions } from './sessions.repo.ts';
import { createSession } from './sessions.repo.ts';

type Meta = { ip: string; userAgent: string };

/** Compared against when the account is unknown, so timing does not reveal which accounts exist. */
const DUMMY_HASH = hashPassword(randomUUID());

/**
 * Wrong passwords counted per account (from any address) and per address and account; once either
 * window is full, even the right password waits (429). Only failures count: a success clears both,
 * so a user who logs in often, from one machine or many, is never locked out.
 */
export interface LoginFailures { account: AttemptWindow; address: AttemptWindow }

export async function login(deps: Deps, account: string, password: string, meta: Meta, failures: LoginFailures) {
  const { db, config } = deps;
  const key = normaliseAccount(account);
  const addressKey = `${meta.ip}:${key}`;
  const [byAccount, byAddress] = await Promise.all([failures.account.blocked(key), failures.address.blocked(addressKey)]);
  if (byAccount || byAddress) throw tooMany();
  const user = await findUserByAccount(db, account);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH));
  if (!user || !valid) {
    await Promise.all([failures.account.fail(key), failures.address.fail(addressKey)]);
    throw new AppError(400, Code.BAD_REQUEST, MSG.wrongCredentials);
  }
  await Promise.all([failures.account.clear(key), failures.address.clear(addressKey)]);
  if (user.status !== 1) throw forbidden(MSG.accountDisabled);
  await ensureCurrentGroup(deps, user.id, user.currentGroupId);
  if (!user.firstLoginTime) await markFirstLogin(db, user.id);
  const token = await createSession(db, user.id, config.SESSION_DAYS, meta);
  return { token, userId: user.id };
}

export async function register(
  deps: Deps,
  body: { account: string; password: string; truename?: string | undefined; code?: string | undefined },
  meta: Meta,
) {
  const { db, config } = deps;
  const account = normaliseAccount(body.account);
  // 基础设置 may close registration (issue 18): accounts then come from the back office or invitations.
  if ((await getWebsiteConfig(db)).register_open.value === '0') throw forbidden(MSG.registerClosed);
  if (config.REGISTER_REQUIRE_CODE) {
    if (!body.code) throw new AppError(400, Code.BAD_REQUEST, MSG.codeInvalid);
    await consumeCode(db, account, 'register', body.code);
  }
  if (await findUserByAccount(db, account)) throw conflict(MSG.accountTaken);
  const groupId = await defaultGroupId(db);
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    // The partial unique indexes on mobile and email settle a race between two registrations.
    const user = await insertUser(tx, {
      openid: randomUUID().replaceAll('-', ''),
      [accountField(account)]: account,
      truename: body.truename ?? `用户${account.slice(-4)}`,
      passwordHash,
      isCertificated: config.REGISTER_REQUIRE_CODE,
      currentGroupId: groupId,
      firstLoginTime: new Date(),
    }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(MSG.accountTaken);
      throw err;
    });
    if (groupId) await addMember(tx, groupId, user.id, [Role.STUDENT]);
    return user.id;
  });
  const token = await createSession(db, userId, config.SESSION_DAYS, meta);
  return { token, userId };
}

/** Keeps current_group_id pointing at an organisation the user still belongs to. */
export async function ensureCurrentGroup(deps: Deps, userId: number, currentGroupId: number | null) {
  const memberships = await membershipsOf(deps.db, userId);
  if (memberships.some((m) => m.group.id === currentGroupId)) return;
  await setCurrentGroup(deps.db, userId, memberships[0]?.group.id ?? null);
}

/** A session for an account another module has authenticated (single sign-on). */
export async function startSession(deps: Deps, userId: number, meta: Meta) {
  return createSession(deps.db, userId, deps.config.SESSION_DAYS, meta);
}
