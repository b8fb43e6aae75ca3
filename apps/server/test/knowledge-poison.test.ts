/**
 * Documents that cannot take the server down: a docx and an xlsx that stay under the zip guard's
 * bounds but inflate into more than the parse worker's heap are trained through the API. The
 * server keeps answering, its memory stays flat, the documents end failed with the reason, and a
 * restart in the middle of one resumes it into a clean failure, not a crash. Real processes and
 * queue; only the parse worker's limit stops these files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, until, type TestApp } from './harness.ts';
import { freePort } from './ports.ts';
import { World, type Person } from './robot-fixtures.ts';
import { uploadFile } from './uploads.ts';
import { knowledgeDocuments } from '../src/db/schema/knowledge.ts';
import { docx, inflatingDocx, inflatingXlsx, tempDir } from '../src/ai/parse/test-fixtures.ts';
import { guardZip } from '../src/ai/parse/zip-guard.ts';
import { TRAIN_QUEUE } from '../src/modules/knowledge/training.job.ts';
import { startTrainingWorker } from '../src/modules/knowledge/training.worker.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Inflated size of each poison file: under the zip guard's 64 MB total, and at most 130:1. */
const POISON_BYTES = 60 * 1024 * 1024;
const MB = 1024 * 1024;

let poisonDocx: Buffer;
let poisonXlsx: Buffer;
let fixtures: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  poisonDocx = await inflatingDocx(POISON_BYTES);
  poisonXlsx = await inflatingXlsx(POISON_BYTES);
  fixtures = await tempDir();
  // The zip guard lets both through: what stops them below is the parse worker.
  await guardZip(await fixtures.file('poison.docx', poisonDocx));
  await guardZip(await fixtures.file('poison.xlsx', poisonXlsx));
  expect(poisonDocx.length).toBeLessThan(MB);
  expect(poisonXlsx.length).toBeLessThan(MB);
}, 60_000);
afterAll(() => fixtures?.remove());

/** Parsing and training on a loaded machine: longer than the harness's minute. */
const settle = <T>(what: string, probe: () => Promise<T | undefined>) => until(what, probe, 90_000);

/** Polls /api/health every 100 ms until stopped: every answer, its status and how long it took. */
function watchHealth(base: string) {
  const answers: { status: number; ms: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status, () => 0);
      answers.push({ status, ms: performance.now() - started });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return answers;
  };
}

describe('poison documents in a running server', () => {
  let t: TestApp;
  let w: World;
  let creator: Person;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    w = await new World(t).init();
    creator = await w.personA(Role.CREATOR);
  });
  afterAll(async () => { await t?.close(); });

  const docsOf = async (kbId: number) => (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 50 })).data.data as
    { id: number; name: string; status: string; error: string; attempts: number; chunk_count: number }[];

  it('fails an inflating docx and xlsx with the reason, while health answers, memory stays flat and a good file still trains', async () => {
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '有毒文件' });
    const kbId = kb.data.id as number;
    const good = await docx([{ text: '校车时刻', style: 'Heading1' }, { text: '校车每天早上七点从南门出发。' }]);
    const ids: number[] = [];
    for (const [name, data] of [['教案.docx', poisonDocx], ['成绩.xlsx', poisonXlsx], ['校车.docx', good]] as const) {
      const up = await uploadFile(t.app, creator.token, 'knowledge', name, data);
      expect(up.code, up.msg).toBe(20000);
      ids.push(up.data.id);
    }

    const rssBefore = process.memoryUsage().rss;
    let rssMost = rssBefore;
    const sampler = setInterval(() => { rssMost = Math.max(rssMost, process.memoryUsage().rss); }, 50);
    const stopHealth = watchHealth(base);
    const queued = await w.post(creator.token, '/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: ids });
    expect(queued.code, queued.msg).toBe(20000);
    const docs = await settle('the three documents to settle', async () => {
      const list = await docsOf(kbId);
      return list.length === 3 && list.every((d) => d.status === 'ready' || d.status === 'failed') ? list : undefined;
    });
    const health = await stopHealth();
    clearInterval(sampler);

    const byName = Object.fromEntries(docs.map((d) => [d.name, d]));
    expect(byName['教案.docx']).toMatchObject({ status: 'failed', error: MSG.fileTooComplex, attempts: 1 });
    expect(byName['成绩.xlsx']).toMatchObject({ status: 'failed', error: MSG.fileTooComplex, attempts: 1 });
    expect(byName['校车.docx']).toMatchObject({ status: 'ready', error: '' });
    // The server answered all along, none slower than 3 s (a server parsing in its own heap stopped answering).
    expect(health.length).toBeGreaterThan(10);
    expect(health.filter((h) => h.status !== 200)).toEqual([]);
    expect(Math.max(...health.map((h) => h.ms))).toBeLessThan(3_000);
    // Parsing 120 MB of XML in the server's own heap cost it gigabytes; here its memory barely moves.
    expect(rssMost - rssBefore).toBeLessThan(200 * MB);
    // Failed for good: the queue does not try them again.
    await new Promise((r) => setTimeout(r, 6_000)); // past the first retry delay (5 s)
    const later = Object.fromEntries((await docsOf(kbId)).map((d) => [d.name, d]));
    expect(later['教案.docx']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(later['成绩.xlsx']).toMatchObject({ status: 'failed', attempts: 1 });
  }, 180_000);

  it('ends documents whose jobs will never run again at the next boot, and resumes the others', async () => {
    const kb = await w.post(creator.token, '/api/ai/knowledge/save', { name: '重启' });
    const kbId = kb.data.id as number;
    const files = [];
    for (const name of ['甲.docx', '乙.docx', '丙.docx']) {
      const up = await uploadFile(t.app, creator.token, 'knowledge', name, await docx([{ text: `${name}的内容：图书馆八点开门。` }]));
      files.push(up.data.id as number);
    }
    await w.post(creator.token, '/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: files });
    await settle('training', async () => ((await docsOf(kbId)).every((d) => d.status === 'ready') ? true : undefined));
    const [c, b, a] = await docsOf(kbId); // newest first

    // What a process that died in the middle of these trainings leaves behind, with no worker running:
    // 甲 on its last try, 乙 already failed for good by an earlier boot (the document left `training`),
    // 丙 with tries left.
    const { queue, deps } = t.app;
    await queue.offWork(TRAIN_QUEUE);
    const leave = async (docId: number, retryLimit: number, failed: boolean) => {
      const jobId = (await queue.send(TRAIN_QUEUE, { documentId: docId }, { retryLimit }))!;
      const [job] = await queue.fetch(TRAIN_QUEUE);
      expect(job?.id).toBe(jobId);
      if (failed) await queue.fail(TRAIN_QUEUE, jobId);
      await deps.db.update(knowledgeDocuments).set({ status: 'training', progress: 5, jobId }).where(eq(knowledgeDocuments.id, docId));
    };
    await leave(a!.id, 0, false);
    await leave(b!.id, 0, true);
    await leave(c!.id, 3, false);

    await startTrainingWorker(t.app); // the next boot
    // On the embedded database the boot fails the jobs that were running, so 甲 (no try left) fails
    // and 丙 is tried again; on PostgreSQL their jobs are another node's until they expire.
    const embedded = deps.dbKind === 'pglite';
    const watched = embedded ? ['甲.docx', '乙.docx', '丙.docx'] : ['乙.docx'];
    const settled = await settle('the boot to settle them', async () => {
      const list = (await docsOf(kbId)).filter((d) => watched.includes(d.name));
      return list.every((d) => d.status === 'ready' || d.status === 'failed') ? list : undefined;
    });
    const byName = Object.fromEntries(settled.map((d) => [d.name, d]));
    expect(byName['乙.docx']).toMatchObject({ status: 'failed', error: MSG.kbJobGaveUp });
    if (embedded) {
      expect(byName['甲.docx']).toMatchObject({ status: 'failed', error: MSG.kbJobGaveUp });
      expect(byName['丙.docx']).toMatchObject({ status: 'ready', error: '' });
    }

    // Another boot changes nothing: nothing is picked up again.
    await queue.offWork(TRAIN_QUEUE);
    await startTrainingWorker(t.app);
    await new Promise((r) => setTimeout(r, 1_500));
    const again = (await docsOf(kbId)).filter((d) => watched.includes(d.name));
    expect(Object.fromEntries(again.map((d) => [d.name, d.status]))).toEqual(Object.fromEntries(settled.map((d) => [d.name, d.status])));
  }, 60_000);
});

// ——— across a restart: real server processes on the embedded database ———

const ADMIN = { account: 'poison@test.local', password: 'poison-pass-1' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'xueban-poison-data-'));
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const c of servers) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent',
      ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: 'ignore',
  });
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  await settle('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
  return { child, base };
}

async function api(base: string, token: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const q = method === 'GET' && body ? `?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
  const res = await fetch(`${base}${url}${q}`, {
    method, headers: { 'content-type': 'application/json', 'x-token': token },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

async function upload(base: string, token: string, name: string, data: Buffer) {
  const tok = await api(base, token, 'GET', '/api/uc/upload/getToken', { scene: 'knowledge' });
  const form = new FormData();
  form.set('policy', tok.data.policy);
  form.set('signature', tok.data.signature);
  form.set('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${base}/api/uc/upload/fileUpload`, { method: 'POST', headers: { 'x-token': token }, body: form });
  return (await res.json()) as { code: number; msg: string; data: { id: number } };
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a poison document across a restart (embedded database)', () => {
  it('is resumed after the server is killed mid-parse, and fails cleanly while the new server keeps serving', async () => {
    const port = await freePort();
    const first = await startServer(port);
    const login = await fetch(`${first.base}/api/uc/passport/doLogin`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const token = login.data.token;
    const kb = await api(first.base, token, 'POST', '/api/ai/knowledge/save', { name: '重启' });
    const up = await upload(first.base, token, '教案.docx', poisonDocx);
    expect(up.code, up.msg).toBe(20000);
    await api(first.base, token, 'POST', '/api/ai/knowledge/training', { type: 'file', repository_id: kb.data.id, file_ids: [up.data.id] });
    const docOf = async (base: string) => (await api(base, token, 'GET', '/api/ai/knowledge/trainlists', { repository_id: kb.data.id })).data.data[0];
    await settle('parsing to start', async () => ((await docOf(first.base)).status === 'training' ? true : undefined));

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await startServer(port);
    const stopHealth = watchHealth(second.base);
    const done = await settle('the resumed training to end', async () => {
      const d = await docOf(second.base);
      return d.status === 'ready' || d.status === 'failed' ? d : undefined;
    });
    const health = await stopHealth();
    expect(done).toMatchObject({ status: 'failed', error: MSG.fileTooComplex, attempts: 2 });
    expect(second.child.exitCode).toBeNull(); // still running
    expect(health.filter((h) => h.status !== 200)).toEqual([]);
    expect((await fetch(`${second.base}/api/health`)).status).toBe(200);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }, 180_000);
});
