/**
 * Uploads straight from the browser to S3-compatible storage (issue 21, point 5), on a server of
 * this spec's own configured with a bucket (s3rver from npm, CORS for the site as a school would
 * set it): a small file by presigned POST, a large one in 8 MB parts with progress, one part cut off
 * on the way and sent again, and the knowledge base trains from what the bucket holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { startS3rver, type S3rverHandle } from '../../apps/server/test/fakes/s3rver.ts';

test.describe.configure({ mode: 'serial' });

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { account: 's3-admin@e2e.local', password: 's3-admin-pass-1' };
const LARGE_BYTES = 34 * 1024 * 1024; // past the 32 MB at which the browser switches to parts: five parts of 8 MB

let s3: S3rverHandle;
let server: ChildProcess;
let base = '';
let work = '';

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as AddressInfo;
    s.close(() => resolve(port));
  });
});

async function api<T>(request: APIRequestContext, url: string, data: unknown, token?: string): Promise<T> {
  const res = await request.post(`${base}${url}`, { data, headers: token ? { 'x-token': token, cookie: '' } : {} });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 20000) throw new Error(`${url} answered ${body.code} ${body.msg}`);
  return body.data;
}

/** Every object s3rver holds, by key, with its size (its directory keeps each object's bytes in `<key>._S3rver_object`). */
function bucketObjects(): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else if (name.endsWith('._S3rver_object')) found.set(`${prefix}${name.slice(0, -'._S3rver_object'.length)}`, statSync(full).size);
    }
  };
  walk(s3.directory, '');
  return found;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  s3 = await startS3rver('school-files', { browserOrigin: base });
  work = mkdtempSync(path.join(tmpdir(), 'xueban-e2e-s3-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: path.join(work, 'data'),
    ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', DEMO_CONTENT: '0', ...s3.env,
  };
  delete env.DATABASE_URL; // the embedded database, whatever the lanes run on
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => (server?.exitCode !== null ? r(null) : server.once('exit', r)));
  await s3?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a large file goes to the bucket in parts with progress, resumes past a failed part, and the base trains from it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = (await api<{ token: string }>(request, '/api/uc/passport/doLogin', ADMIN)).token;
  const kb = await api<{ id: number }>(request, '/api/ai/knowledge/save', { name: '校本资料', info: '' }, admin);

  const sentence = '学校图书馆每周六上午九点开放，借书需要带学生证。\n';
  const large = path.join(work, '校本资料汇编.txt');
  writeFileSync(large, sentence.repeat(Math.ceil(LARGE_BYTES / Buffer.byteLength(sentence))));
  const largeSize = statSync(large).size;
  expect(largeSize).toBeGreaterThan(32 * 1024 * 1024);
  const small = path.join(work, '作息时间.txt');
  writeFileSync(small, '早上八点第一节课开始，中午十二点午休。\n');

  // Straight to the bucket: the page's requests to s3rver, and part 2 cut off the first time.
  const toBucket: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(s3.url)) toBucket.push(`${r.method()} ${new URL(r.url()).searchParams.get('partNumber') ?? ''}`);
  });
  let cut = 0;
  await page.route((url) => url.origin === new URL(s3.url).origin && url.searchParams.get('partNumber') === '2', async (route) => {
    if (route.request().method() === 'PUT' && cut++ === 0) return route.abort('connectionreset');
    return route.continue();
  });

  await page.context().addCookies([{ name: 'token', value: admin, url: base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`${base}/repository/content/${kb.id}`);
  await page.getByRole('button', { name: '导入' }).click();
  const importer = page.getByRole('dialog', { name: '导入文档' });
  await importer.locator('input[type=file]').setInputFiles([small, large]);
  await importer.getByRole('button', { name: '导入 2 个文件' }).click();
  // The large file's progress shows while its parts go up.
  const progress = importer.locator('.ant-upload-list-item', { hasText: '校本资料汇编.txt' }).getByRole('progressbar');
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow').catch(() => 0)), { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
  await page.screenshot({ path: path.join(root, 'docs/screenshots/upload-s3-progress.png') });
  await expect(importer).toBeHidden({ timeout: 180_000 });

  // The small file by one form POST; the large one in five parts, part 2 sent twice.
  expect(toBucket).toContain('POST ');
  expect(toBucket.filter((r) => r === 'PUT 2')).toHaveLength(2);
  expect(new Set(toBucket.filter((r) => r.startsWith('PUT ')))).toEqual(new Set(['PUT 1', 'PUT 2', 'PUT 3', 'PUT 4', 'PUT 5']));
  const sizes = [...bucketObjects().values()];
  expect(sizes).toContain(largeSize);

  // Both documents train from what the bucket holds: the small one is ready; the large one was read
  // back from the bucket and refused past the parser's bound on text, with why.
  const row = page.locator('.ant-table-row', { hasText: '作息时间.txt' });
  await expect(row).toContainText('已就绪', { timeout: 90_000 });
  const largeRow = page.locator('.ant-table-row', { hasText: '校本资料汇编.txt' });
  await expect(largeRow).toContainText('训练失败', { timeout: 90_000 });
  await expect(largeRow).toContainText(MSG.fileTooMuchContent);
  await page.screenshot({ path: path.join(root, 'docs/screenshots/upload-s3-documents.png') });
});
