import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '@xueban/contract/codes';
import { call, createTestApp, register, type TestApp } from './harness.ts';
import { uploadFile } from './uploads.ts';
import { docx } from '../src/ai/parse/test-fixtures.ts';
import { files } from '../src/db/schema/files.ts';
import { findOffice } from '../src/ai/parse/index.ts';
import { PREVIEW_QUEUE } from '../src/modules/files/office-preview.service.ts';
import { deleteFiles } from '../src/modules/files/generated-files.ts';

/**
 * Office conversions are cached by content (issue 21): identical bytes uploaded again in the same
 * organisation reuse the PDF already made; another organisation's identical upload converts its own.
 */

type User = Awaited<ReturnType<typeof register>>;
type Info = { convert_status: string; pdf_url: string };

let t: TestApp;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await createTestApp();
  alice = await register(t.app);
  bob = await register(t.app);
  // Alice founds her own school; Bob stays in the demo one.
  const made = await call(t.app, 'POST', '/api/uc/groups/save', { token: alice.token, body: { name: '乙学校' } });
  expect(made.code, made.msg).toBe(Code.OK);
});
afterAll(async () => { await t?.close(); });

const preview = async (token: string, url: string) => call(t.app, 'GET', '/api/uc/File/filePreview', { token, query: { url } });
const keyOf = (link: string) => link.slice('/api/files/'.length).split('?')[0]!;

async function settled(token: string, url: string): Promise<Info> {
  for (let i = 0; i < 900; i++) {
    const res = await preview(token, url);
    expect(res.code, res.msg).toBe(Code.OK);
    if (res.data.convert_status !== 'pending') return res.data as Info;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the conversion never ended');
}

const previewJobs = async () => {
  const { rows } = await t.deps.executeSql(`select count(*)::int as n from pgboss.job where name = $1`, [PREVIEW_QUEUE]);
  return Number(rows[0].n);
};

describe.skipIf(!findOffice())('office conversions cached by content hash (skipped: soffice/libreoffice not on PATH)', () => {
  it('keeps the sha256 of an upload, computed while it streamed', async () => {
    const bytes = await docx([{ text: '哈希' }]);
    const up = await uploadFile(t.app, alice.token, 'file', '哈希.docx', bytes);
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, up.data.id));
    expect(row!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('reuses the PDF of identical content in the same organisation, converts anew in another, and keeps a shared PDF while one file shows it', async () => {
    const bytes = await docx([{ text: '细胞结构讲义' }, { text: '细胞膜、细胞质和细胞核。' }]);
    const first = await uploadFile(t.app, alice.token, 'file', '细胞结构.docx', bytes);
    const done = await settled(alice.token, first.data.url);
    expect(done.convert_status).toBe('ready');
    const jobs = await previewJobs();

    // The same bytes under another name: ready at once, the same PDF, no job queued.
    const again = await uploadFile(t.app, alice.token, 'file', '细胞结构（副本）.docx', bytes);
    const reused = await preview(alice.token, again.data.url);
    expect(reused.data.convert_status).toBe('ready');
    expect(keyOf(reused.data.pdf_url)).toBe(keyOf(done.pdf_url));
    expect(await previewJobs()).toBe(jobs);
    expect((await t.app.inject({ method: 'GET', url: reused.data.pdf_url })).statusCode).toBe(200);

    // Another organisation's identical upload never gets this organisation's PDF.
    const theirs = await uploadFile(t.app, bob.token, 'file', '细胞结构.docx', bytes);
    const asked = await preview(bob.token, theirs.data.url);
    expect(asked.data.convert_status).toBe('pending');
    const own = await settled(bob.token, theirs.data.url);
    expect(own.convert_status).toBe('ready');
    expect(keyOf(own.pdf_url)).not.toBe(keyOf(done.pdf_url));
    expect(await previewJobs()).toBe(jobs + 1);

    // Deleting the first file keeps the PDF the copy still shows; deleting the copy removes it.
    const pdfKey = keyOf(done.pdf_url);
    await deleteFiles(t.deps, [keyOf(first.data.url)]);
    expect(await t.deps.storage.get(pdfKey)).not.toBeNull();
    const still = await preview(alice.token, again.data.url);
    expect((await t.app.inject({ method: 'GET', url: still.data.pdf_url })).statusCode).toBe(200);
    await deleteFiles(t.deps, [keyOf(again.data.url)]);
    expect(await t.deps.storage.get(pdfKey)).toBeNull();
    expect(await t.deps.db.select().from(files).where(eq(files.key, pdfKey))).toEqual([]);
  });
});
