import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { readSeed } from '../src/db/seed.ts';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { createDeps } from '../src/deps.ts';
import { call } from './harness.ts';

/**
 * The embedded default: PGlite files under DATA_DIR keep accounts across a restart. Both boots
 * are given the seed, as every start of a build is: only the first (an empty DATA_DIR) loads it.
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database', () => {
  it('keeps data across a restart and does not recreate the admin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'xueban-persist-'));
    const boot = async () => {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_ACCOUNT: 'boss@test.local', ADMIN_PASSWORD: 'boss-pass-1' });
      const database = await createDatabase({ dataDir: path.join(dataDir, 'db'), seed: readSeed(inject('dbSeed')) });
      await database.migrate();
      await bootstrap(database.db, config, pino({ level: 'silent' }));
      const app = await buildApp(createDeps(database, config, pino({ level: 'silent' })));
      return { app, close: async () => { await app.close(); await database.close(); } };
    };
    try {
      const first = await boot();
      const reg = await call(first.app, 'POST', '/api/uc/passport/doReg', { body: { account: 'keep@test.local', password: 'keep-pass-1', truename: '留下来' } });
      expect(reg.code).toBe(20000);
      await first.close();

      const second = await boot();
      const again = await call(second.app, 'POST', '/api/uc/passport/doLogin', { body: { account: 'keep@test.local', password: 'keep-pass-1' } });
      expect(again.data.user.truename).toBe('留下来');
      const session = await call(second.app, 'GET', '/api/uc/passport/getUserInfo', { token: reg.data.token });
      expect(session.data.truename).toBe('留下来');
      const adminLogin = await call(second.app, 'POST', '/api/uc/passport/doLogin', { body: { account: 'boss@test.local', password: 'boss-pass-1' } });
      expect(adminLogin.data.user.groups).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
