import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open.ts';
import { installSeedDir, migrationsFingerprint, readSeed, writeSeedDir } from '../src/db/seed.ts';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { createDeps } from '../src/deps.ts';
import { call } from './harness.ts';

/**
 * Issue 23 point 3, a first start in under 3 s: a build ships the migrated empty database as a
 * plain PGlite directory, which a first start copies into DATA_DIR/db (beside, then renamed) and
 * opens; a restart of the same build opens its database without running the migrator. Booted as
 * main.ts boots (openDatabase, bootstrap, buildApp), with a seed directory made from this run's seed.
 */
const ADMIN = { account: 'first@test.local', password: 'first-pass-1' };
let seeds: string;
let fingerprint: string;
const dirs: string[] = [];

beforeAll(async () => {
  seeds = mkdtempSync(path.join(tmpdir(), 'xueban-seeds-'));
  fingerprint = migrationsFingerprint(MIGRATIONS_DIR);
  await writeSeedDir(readSeed(inject('dbSeed'))!, path.join(seeds, `db-seed-${fingerprint}`), fingerprint);
}, 120_000);
afterAll(() => {
  for (const dir of [seeds, ...dirs]) rmSync(dir, { recursive: true, force: true });
});

const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'xueban-first-'));
  dirs.push(dir);
  return dir;
};

async function boot(dir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, DEMO_CONTENT: '0' });
  const { database } = await openDatabase(config, { seedsDir: seeds });
  const first = await bootstrap(database.db, config, pino({ level: 'silent' }));
  const app = await buildApp(createDeps(database, config, pino({ level: 'silent' })));
  return { app, first, close: async () => { await app.close(); await database.close(); } };
}

const login = (app: Awaited<ReturnType<typeof boot>>['app'], account: string, password: string) =>
  call(app, 'POST', '/api/uc/passport/doLogin', { body: { account, password } });

describe.skipIf(!!process.env.TEST_DATABASE_URL)('first start from the seed directory', () => {
  it('a fresh DATA_DIR gets a normal persisted database: the admin logs in, and a restart keeps every account', async () => {
    const dir = dataDir();
    const one = await boot(dir);
    try {
      expect(existsSync(path.join(dir, 'db', 'PG_VERSION'))).toBe(true);
      expect((await login(one.app, ADMIN.account, ADMIN.password)).code).toBe(20000);
      const reg = await call(one.app, 'POST', '/api/uc/passport/doReg', { body: { account: 'pupil@test.local', password: 'pupil-pass-1', truename: '新同学' } });
      expect(reg.code, reg.msg).toBe(20000);
    } finally {
      await one.close();
    }
    // Nothing of the copy is left beside the database.
    expect(readdirSync(dir).filter((n) => n.includes('partial'))).toEqual([]);

    const two = await boot(dir);
    try {
      expect(two.first.generatedPassword).toBeNull();
      expect((await login(two.app, 'pupil@test.local', 'pupil-pass-1')).data.user.truename).toBe('新同学');
      const admin = await login(two.app, ADMIN.account, ADMIN.password);
      // One admin, one school: the restart created nothing again.
      expect(admin.data.user.groups).toHaveLength(1);
    } finally {
      await two.close();
    }
  }, 120_000);

  it('a first start that died during the copy leaves no database: the next start copies again and works', async () => {
    const dir = dataDir();
    // What a killed start leaves: half a copy beside DATA_DIR/db, and no DATA_DIR/db.
    const partial = path.join(dir, 'db.4242.partial');
    mkdirSync(partial, { recursive: true });
    cpSync(path.join(seeds, `db-seed-${fingerprint}`, 'global'), path.join(partial, 'global'), { recursive: true });
    expect(existsSync(path.join(dir, 'db'))).toBe(false);

    const app = await boot(dir);
    try {
      expect((await login(app.app, ADMIN.account, ADMIN.password)).code).toBe(20000);
      expect(existsSync(partial)).toBe(false);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('an empty DATA_DIR/db is filled from the seed; a directory holding other files is never overwritten', () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'db'));
    expect(installSeedDir(path.join(seeds, `db-seed-${fingerprint}`), path.join(dir, 'db'))).toBe(true);
    expect(existsSync(path.join(dir, 'db', 'PG_VERSION'))).toBe(true);

    const other = dataDir();
    mkdirSync(path.join(other, 'db'));
    writeFileSync(path.join(other, 'db', 'notes.txt'), '别删我');
    expect(installSeedDir(path.join(seeds, `db-seed-${fingerprint}`), path.join(other, 'db'))).toBe(false);
    expect(readFileSync(path.join(other, 'db', 'notes.txt'), 'utf8')).toBe('别删我');
  });

  it('a database last migrated by other migrations is migrated again, then recorded', async () => {
    const dir = dataDir();
    const one = await boot(dir);
    await one.close();
    const marker = path.join(dir, 'db', 'xueban-migrations');
    expect(readFileSync(marker, 'utf8').trim()).toBe(fingerprint);
    // As if the database came from an older build (or a backup of one).
    writeFileSync(marker, 'an-older-build\n');
    const two = await boot(dir);
    try {
      expect(readFileSync(marker, 'utf8').trim()).toBe(fingerprint);
      expect((await login(two.app, ADMIN.account, ADMIN.password)).code).toBe(20000);
    } finally {
      await two.close();
    }
  }, 120_000);
});
