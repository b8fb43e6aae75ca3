/**
 * Several nodes sharing one PostgreSQL (issue 24, point 6): a new version's nodes start together
 * and each runs migrate() at boot; the migrations must be applied once, never twice, and every
 * node must come up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, createDatabase, queryRows } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { emptyPostgresDatabase } from './harness.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(!!serverUrl)('three nodes booting at once on one PostgreSQL', () => {
  it('apply each migration once, and every node starts', async () => {
    const empty = await emptyPostgresDatabase(serverUrl!);
    const nodes = await Promise.all([1, 2, 3].map(() => createDatabase({ url: empty.url, dataDir: '' })));
    try {
      const outcomes = await Promise.allSettled(nodes.map((n) => n.migrate()));
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await queryRows<{ hash: string }>(nodes[0]!.db, sql`select hash from drizzle.__drizzle_migrations`);
      expect(applied).toHaveLength(journal.entries.length);
      expect(new Set(applied.map((r) => r.hash)).size).toBe(journal.entries.length);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
      await empty.drop();
    }
  });

  it('create one super admin and one 示例学校 (with its demo robot) when they boot a new database together', async () => {
    const empty = await emptyPostgresDatabase(serverUrl!);
    const nodes = await Promise.all([1, 2, 3].map(() => createDatabase({ url: empty.url, dataDir: '' })));
    try {
      await nodes[0]!.migrate();
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/xueban-boot-race', ADMIN_ACCOUNT: 'boss@test.local', ADMIN_PASSWORD: 'boss-pass-1' });
      const boots = await Promise.all(nodes.map((n) => bootstrap(n.db, config, pino({ level: 'silent' }))));
      expect(boots.filter((b) => b.demo).length).toBe(1);
      const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(nodes[0]!.db, q))[0]!.n;
      expect(await count(sql`select count(*)::int as n from groups`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from users`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from robots`)).toBe(1);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
      await empty.drop();
    }
  });
});
