import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import { verifyCodes } from '../../db/schema/users.ts';
import { badRequest, tooMany } from '../../lib/errors.ts';
import { safeEqual, sha256, sixDigits } from '../../lib/crypto.ts';
import type { CodeSender } from './code-sender.ts';
import { normaliseAccount } from '../users/accounts.service.ts';

export type CodePurpose = 'register' | 'reset' | 'change' | 'verify';

const TTL_MS = 10 * 60_000;
const RESEND_MS = 60_000;
const MAX_ATTEMPTS = 5;

/** Issues a 6-digit code, at most one a minute per target and purpose. */
export async function issueCode(db: Db, sender: CodeSender, account: string, purpose: CodePurpose) {
  const target = normaliseAccount(account);
  const [recent] = await db
    .select({ id: verifyCodes.id })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, target), eq(verifyCodes.purpose, purpose), gt(verifyCodes.createdAt, new Date(Date.now() - RESEND_MS))))
    .limit(1);
  if (recent) throw tooMany(MSG.codeTooFrequent);
  const code = sixDigits();
  await db.insert(verifyCodes).values({
    target, purpose, codeHash: sha256(`${target}:${code}`), expiresAt: new Date(Date.now() + TTL_MS),
  });
  await sender.send(target, code, purpose);
}

/**
 * Consumes the newest live code for the target. Wrong guesses count against it, and the
 * update is conditional so two racing requests cannot both redeem one code.
 */
export async function consumeCode(db: Db, account: string, purpose: CodePurpose, code: string) {
  const target = normaliseAccount(account);
  const [row] = await db
    .select()
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, target), eq(verifyCodes.purpose, purpose), isNull(verifyCodes.consumedAt), gt(verifyCodes.expiresAt, new Date())))
    .orderBy(desc(verifyCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw badRequest(MSG.codeInvalid);
  if (!safeEqual(row.codeHash, sha256(`${target}:${code}`))) {
    await db.update(verifyCodes).set({ attempts: sql`${verifyCodes.attempts} + 1` }).where(eq(verifyCodes.id, row.id));
    throw badRequest(MSG.codeInvalid);
  }
  const used = await db
    .update(verifyCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verifyCodes.id, row.id), isNull(verifyCodes.consumedAt)))
    .returning({ id: verifyCodes.id });
  if (used.length === 0) throw badRequest(MSG.codeInvalid);
}
