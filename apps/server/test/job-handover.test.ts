/**
 * Two nodes on one PostgreSQL: the first takes a knowledge training job and is killed (SIGKILL:
 * it stops beating); the second fails it through the heartbeat sweep and trains it, within the
 * threshold plus the queue's retry delay and a margin — not pg-boss's 15-minute expiry.
 * Real processes, real queue; PostgreSQL only (PGlite in a file cannot be shared by two nodes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, until } from './harness.ts';
import type { AddressInfo } from 'node:net';
import { freePort, gatedPage } from './ports.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { account: 'handover@test.local', password: 'handover-pass-1' };
/** Short, so the test is quick; the default (30 s) is explained in src/jobs/heartbeat.ts. */
const STALE_SECONDS = 8;

/** The page being imported answers only once opened, so the first server dies mid-fetch. */
const page = gatedPage('<title>图书馆开放时间</title><p>图书馆周一到周五早上八点开门，晚上十点关门，周末只开上午。</p>');
const site = page.server;

const children: ChildProcess[] = [];
const dirs: string[] = [];
let dropDatabase: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  site.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await dropDatabase?.();
});

async function startNode(name: string, databaseUrl: string, siteOrigin: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `xueban-${name}-`));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl, NODE_NAME: name, WORKERS: '1', JOB_STALE_SECONDS: String(STALE_SECONDS), DEMO_CONTENT: '0',
      APP_SECRET: 'a'.repeat(64), ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, EGRESS_WEB_ORIGINS: siteOrigin,
    },
    stdio: 'ignore',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await until(`node ${name}`, async () => ((await fetch(`${base}/api/health`).catch(() => null))?.ok ? true : undefined), 60_000);
  return { child, base };
}

const api = async (base: string, token: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
  const q = method === 'GET' && body ? `?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
  const res = await fetch(`${base}${url}${q}`, {
    method, headers: { 'content-type': 'application/json', 'x-token': token },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('a node killed mid-job (two nodes on PostgreSQL)', () => {
  it('leaves its training job to the other node, which trains it once, within the stale threshold and a margin', async () => {
    const database = await emptyPostgresDatabase(process.env.TEST_DATABASE_URL!);
    dropDatabase = database.drop;
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/library`;
    const origin = new URL(pageUrl).origin;

    // Only the first node runs at first, so it is the one that takes the job.
    const first = await startNode('node-a', database.url, origin);
    const login = await fetch(`${first.base}/api/uc/passport/doLogin`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const token = login.data.token;
    const kb = await api(first.base, token, 'POST', '/api/ai/knowledge/save', { name: '图书馆' });
    const queued = await api(first.base, token, 'POST', '/api/ai/knowledge/training', { type: 'url', repository_id: kb.data.id, url: pageUrl });
    const docId = queued.data[0].id as number;
    const docOf = async (base: string) => (await api(base, token, 'GET', '/api/ai/knowledge/trainlists', { repository_id: kb.data.id })).data.data[0];
    await until('the first node to start training', async () => ((await docOf(first.base)).status === 'training' ? true : undefined));

    const second = await startNode('node-b', database.url, origin);
    expect((await docOf(second.base)).status).toBe('training');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const killedAt = Date.now();
    page.open();

    // Threshold + a sweep period + training's first retry delay (5–10 s) + polling (2 s), and a margin for a loaded machine.
    const budgetMs = (STALE_SECONDS + STALE_SECONDS / 3 + 10 + 2 + 20) * 1000;
    const done = await until('the second node to finish the training', async () => {
      const d = await docOf(second.base);
      return d.status === 'ready' || d.status === 'failed' ? d : undefined;
    }, budgetMs);
    const tookMs = Date.now() - killedAt;
    expect(done).toMatchObject({ id: docId, status: 'ready', name: '图书馆开放时间' });
    // Not before the threshold: the first node's beat had to go stale first.
    expect(tookMs).toBeGreaterThanOrEqual((STALE_SECONDS - 2) * 1000);
    expect(tookMs).toBeLessThan(budgetMs);
    // One copy of the chunks, though two nodes started the same document.
    const chunks = await api(second.base, token, 'GET', '/api/ai/knowledge/chunks', { document_id: docId });
    expect(chunks.data.total).toBe(done.chunk_count);
    const hits = await api(second.base, token, 'GET', '/api/ai/knowledge/hitTest', { repository_id: kb.data.id, query: '图书馆几点开门' });
    expect(hits.data).toHaveLength(done.chunk_count);
    second.child.kill('SIGTERM');
  }, 240_000);
});
