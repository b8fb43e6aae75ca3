import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { hashPassword } from './lib/crypto.ts';
import {
  accountField, findUserByAccount, grantSuperAdmin, insertUser, normaliseAccount, setCurrentGroup, superAdminCount,
} from './modules/users/accounts.service.ts';
import { addMember, insertGroup } from './modules/groups/membership.service.ts';
import { seedCatalogue } from './modules/robots/catalogue.ts';
import { registerEnvProvider } from './modules/ai-models/providers.service.ts';
import { seedDemoContent, type DemoContent } from './demo-content.ts';

export const DEMO_GROUP_NAME = '示例学校';
/** Held by the first boot's transaction: nodes starting together on a new database create one admin and one school. */
const FIRST_BOOT_LOCK = 0x78756662;

/** What the boot did, for the start-up lines: the admin account, and its password when it was generated now. */
export interface BootstrapResult { adminAccount: string; generatedPassword: string | null; demo: DemoContent | null }

/**
 * First boot: when no super admin exists, create one from ADMIN_ACCOUNT / ADMIN_PASSWORD (a
 * random password is generated when none is given, for the start-up lines to print once) and a
 * demo organisation that new accounts join, with its demo robot, knowledge and intent unless
 * DEMO_CONTENT=0, so the product can be used at once. The robot catalogues (industries,
 * scenes) are seeded on every boot, beside that check.
 */
export async function bootstrap(db: Db, config: Config, log: FastifyBaseLogger): Promise<BootstrapResult> {
  const account = normaliseAccount(config.ADMIN_ACCOUNT);
  const notFirst = { adminAccount: account, generatedPassword: null, demo: null };
  const firstBoot = (await superAdminCount(db)) === 0;
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  // scrypt runs on libuv's pool: the hash is made while the catalogues are written.
  const hashing = firstBoot ? hashPassword(password) : null;
  hashing?.catch(() => {});
  // Every boot: platform catalogues that new code may extend (idempotent).
  await seedCatalogue(db);
  await registerEnvProvider(db, config);
  if (!hashing) return notFirst;
  const passwordHash = await hashing;
  const first = await db.transaction(async (tx) => {
    // Another node may be booting too: the second to get the lock finds the first one's admin and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_BOOT_LOCK})`);
    if ((await superAdminCount(tx)) > 0) return null;
    const existing = await findUserByAccount(tx, account);
    const admin = existing ?? (await insertUser(tx, {
      openid: randomUUID().replaceAll('-', ''), [accountField(account)]: account, truename: '超级管理员', passwordHash,
    }));
    await grantSuperAdmin(tx, admin.id);
    // The install's own school: a paid tier that does not expire.
    const group = await insertGroup(tx, { name: DEMO_GROUP_NAME, vipLevel: 2, vipEndTime: null, ownerId: admin.id });
    await addMember(tx, group.id, admin.id, [Role.ORG_ADMIN, Role.TEACHER, Role.CREATOR]);
    await setCurrentGroup(tx, admin.id, group.id);
    return { userId: admin.id, groupId: group.id };
  });
  if (!first) return notFirst;
  const demo = config.DEMO_CONTENT ? await seedDemoContent(db, first) : null;
  log.info({ account, demo: !!demo }, 'first boot: super admin and demo organisation created');
  return { adminAccount: account, generatedPassword: generated ? password : null, demo };
}
