/**
 * A server killed (SIGKILL) while training a document: after a restart on the same data the
 * training resumes and ends ready, with one copy of its chunks. Real processes, real queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from './harness.ts';
import type { AddressInfo } from 'node:net';
import { freePort, gatedPage } from './ports.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { account: 'resume@test.local', password: 'resume-pass-1' };

/** The page being imported answers only once opened, so the first server dies mid-fetch. */
const page = gatedPage('<title>校车时刻表</title><p>校车每天早上七点从南门出发，晚上六点从图书馆返回。</p>');
const site = page.server;

const dataDir = mkdtempSync(path.join(tmpdir(), 'xueban-resume-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  site.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number, siteOrigin: string) {
  // The embedded database, whatever the shell says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent',
      ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, EGRESS_WEB_ORIGINS: siteOrigin,
    },
    stdio: 'ignore',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await until('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
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

describe.skipIf(!!process.env.TEST_DATABASE_URL)('knowledge training across a crash (embedded database)', () => {
  it('resumes a document whose worker was killed mid-task and trains it once', async () => {
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/bus`;
    const port = await freePort();

    const first = await startServer(port, new URL(pageUrl).origin);
    const login = await fetch(`${first.base}/api/uc/passport/doLogin`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const token = login.data.token;
    const kb = await api(first.base, token, 'POST', '/api/ai/knowledge/save', { name: '校车' });
    const queued = await api(first.base, token, 'POST', '/api/ai/knowledge/training', { type: 'url', repository_id: kb.data.id, url: pageUrl });
    const docId = queued.data[0].id as number;
    const docOf = async (base: string) => (await api(base, token, 'GET', '/api/ai/knowledge/trainlists', { repository_id: kb.data.id })).data.data[0];
    await until('training to start', async () => ((await docOf(first.base)).status === 'training' ? true : undefined));

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    page.open();

    const second = await startServer(port, new URL(pageUrl).origin);
    const done = await until('training to finish after the restart', async () => {
      const d = await docOf(second.base);
      return d.status === 'ready' || d.status === 'failed' ? d : undefined;
    });
    expect(done).toMatchObject({ id: docId, status: 'ready', name: '校车时刻表' });
    const chunks = await api(second.base, token, 'GET', '/api/ai/knowledge/chunks', { document_id: docId });
    expect(chunks.data.total).toBe(done.chunk_count);
    const hits = await api(second.base, token, 'GET', '/api/ai/knowledge/hitTest', { repository_id: kb.data.id, query: '校车几点出发' });
    expect(hits.data).toHaveLength(done.chunk_count);
    expect(hits.data[0].content).toContain('早上七点从南门出发');
    second.child.kill('SIGTERM');
  }, 120_000);
});
