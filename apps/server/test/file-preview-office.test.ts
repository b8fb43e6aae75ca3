import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code } from '@xueban/contract/codes';
import { call, createTestApp, register, type TestApp } from './harness.ts';
import { uploadFile } from './uploads.ts';
import { docx } from '../src/ai/parse/test-fixtures.ts';
import { parsePdf } from '../src/ai/parse/pdf.ts';
import { withTempFile } from '../src/lib/temp-file.ts';
import { files, filePreviews } from '../src/db/schema/files.ts';
import { findOffice } from '../src/ai/parse/index.ts';
import { CONVERT_MESSAGES, PREVIEW_QUEUE } from '../src/modules/files/office-preview.service.ts';
import { PREVIEW_NOTES } from '../src/modules/files/preview.service.ts';
import { deleteFiles } from '../src/modules/files/generated-files.ts';

/**
 * Office documents preview as PDF (issue 21): LibreOffice converts each file once on the job queue,
 * the PDF is kept as a derived file, and the preview info says pending / ready / failed.
 */

type User = Awaited<ReturnType<typeof register>>;
type Info = { preview_kind: string; convert_status: string; convert_error: string; pdf_url: string; preview_url: string };

const office = findOffice();

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('成绩').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

let t: TestApp;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await createTestApp();
  alice = await register(t.app);
  bob = await register(t.app);
  // Alice founds her own school: her uploads are that school's; Bob stays in the demo one.
  const made = await call(t.app, 'POST', '/api/uc/groups/save', { token: alice.token, body: { name: '甲学校' } });
  expect(made.code, made.msg).toBe(Code.OK);
});
afterAll(async () => { await t?.close(); });
afterEach(() => { vi.unstubAllEnvs(); });

const preview = async (token: string, url: string) => call(t.app, 'GET', '/api/uc/File/filePreview', { token, query: { url } });

/** Asks for the preview until the conversion has ended (the page polls the same way). */
async function settled(token: string, url: string): Promise<Info> {
  for (let i = 0; i < 900; i++) {
    const res = await preview(token, url);
    expect(res.code, res.msg).toBe(Code.OK);
    if (res.data.convert_status !== 'pending') return res.data as Info;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the conversion never ended');
}

/** The text of the PDF a preview link serves. */
async function pdfTextAt(link: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: link });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const doc = await withTempFile(t.config.DATA_DIR, '.pdf', res.rawPayload, (f) => parsePdf(f));
  return doc.text;
}

const previewJobs = async () => {
  const { rows } = await t.deps.executeSql(`select count(*)::int as n from pgboss.job where name = $1`, [PREVIEW_QUEUE]);
  return Number(rows[0].n);
};

describe.skipIf(!office)('office documents preview as PDF (skipped: soffice/libreoffice not on PATH)', () => {
  it('converts a docx to a PDF holding its text, once, however many ask at the same time', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '光合作用讲义.docx', await docx([{ text: '光合作用讲义', style: 'Heading1' }, { text: '植物利用光能合成有机物。' }]));
    expect(up.code, up.msg).toBe(Code.OK);
    const [first, second] = await Promise.all([preview(alice.token, up.data.url), preview(alice.token, up.data.url)]);
    for (const r of [first, second]) expect(r.data).toMatchObject({ preview_kind: 'office', previewable: true });
    expect([first.data.convert_status, second.data.convert_status]).toContain('pending');
    const done = await settled(alice.token, up.data.url);
    expect(done).toMatchObject({ convert_status: 'ready', convert_error: '' });
    expect(await pdfTextAt(done.pdf_url)).toContain('植物利用光能合成有机物。');
    // Opening it again serves the stored PDF: no second job, one derived file.
    const again = await preview(alice.token, up.data.url);
    expect(again.data.convert_status).toBe('ready');
    expect(await previewJobs()).toBe(1);
    const derived = await t.deps.db.select().from(files).where(eq(files.scene, 'preview'));
    expect(derived).toHaveLength(1);
    expect(derived[0]).toMatchObject({ name: '光合作用讲义.pdf', mime: 'application/pdf' });
    // The original still downloads from preview_url.
    const original = await t.app.inject({ method: 'GET', url: done.preview_url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('converts an xlsx (its cells in the PDF)', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '期中成绩.xlsx', await xlsx([['姓名', '分数'], ['张三', 95], ['李四', 88]]));
    const done = await settled(alice.token, up.data.url);
    expect(done.convert_status).toBe('ready');
    const text = await pdfTextAt(done.pdf_url);
    expect(text).toContain('张三');
    expect(text).toContain('95');
  });

  it('says clearly when a broken office file cannot be converted, and does not retry it', async () => {
    const whole = await docx([{ text: '只传了一半的讲义' }]);
    const up = await uploadFile(t.app, alice.token, 'file', '坏文件.docx', whole.subarray(0, whole.length >> 1)); // cut off mid-upload
    expect(up.code, up.msg).toBe(Code.OK);
    const done = await settled(alice.token, up.data.url);
    expect(done).toMatchObject({ preview_kind: 'office', convert_status: 'failed', convert_error: CONVERT_MESSAGES.failed, pdf_url: '' });
    const [row] = await t.deps.db.select().from(filePreviews).where(eq(filePreviews.fileId, up.data.id));
    expect(row).toMatchObject({ status: 'failed', pdfKey: null });
    expect((await preview(alice.token, up.data.url)).data.convert_status).toBe('failed');
    // A file LibreOffice cannot read fails its one job for good: no retry would read it better.
    const { rows } = await t.deps.executeSql(`select state, retry_count from pgboss.job where name = $1 and data->>'fileId' = $2`, [PREVIEW_QUEUE, String(up.data.id)]);
    expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('queues again a conversion whose job was lost (a process that stopped before queueing it)', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '复习提纲.docx', await docx([{ text: '复习提纲正文' }]));
    const [file] = await t.deps.db.select().from(files).where(eq(files.id, up.data.id));
    await t.deps.db.insert(filePreviews).values({ fileId: file!.id, groupId: file!.groupId, updatedAt: new Date(Date.now() - 5 * 60_000) });
    const before = await previewJobs();
    const done = await settled(alice.token, up.data.url);
    expect(done.convert_status).toBe('ready');
    expect(await pdfTextAt(done.pdf_url)).toContain('复习提纲正文');
    expect(await previewJobs()).toBe(before + 1);
  });

  it('removes the PDF with its source file', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '临时讲义.docx', await docx([{ text: '临时讲义正文' }]));
    const done = await settled(alice.token, up.data.url);
    const pdfKey = done.pdf_url.slice('/api/files/'.length).split('?')[0]!;
    await deleteFiles(t.deps, [up.data.url.slice('/api/files/'.length)]);
    expect(await t.deps.db.select().from(files).where(eq(files.key, pdfKey))).toEqual([]);
    expect(await t.deps.storage.get(pdfKey)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: done.pdf_url })).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's office file, and queues nothing for it", async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '内部资料.docx', await docx([{ text: '仅限甲学校' }]));
    const before = await previewJobs();
    const res = await preview(bob.token, up.data.url);
    expect(res.code).toBe(Code.NOT_FOUND);
    expect(await previewJobs()).toBe(before);
    const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(filePreviews).where(eq(filePreviews.fileId, up.data.id));
    expect(row!.n).toBe(0);
  });

  it("does not serve the PDF to another organisation's member without the preview link", async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '教案.docx', await docx([{ text: '教案正文' }]));
    const done = await settled(alice.token, up.data.url);
    const bare = done.pdf_url.split('?')[0]!;
    const res = await t.app.inject({ method: 'GET', url: bare, headers: { 'x-token': bob.token } });
    expect(res.statusCode).toBe(404);
  });
});

describe('with LibreOffice but without its presentation filters (Writer and Calc only)', () => {
  it('converts documents and spreadsheets, and downloads a presentation with why instead of failing it', async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'xueban-fake-office-'));
    writeFileSync(path.join(bin, 'soffice'), '#!/bin/sh\nexit 0\n', { mode: 0o755 }); // no libsdfiltlo.so beside it
    try {
      vi.stubEnv('PATH', bin);
      const p = await uploadFile(t.app, alice.token, 'file', '期中复习.pptx', await docx([{ text: '不是演示文稿也无妨：只看扩展名' }]));
      expect((await preview(alice.token, p.data.url)).data).toMatchObject({ preview_kind: 'download', note: PREVIEW_NOTES.office, convert_status: '' });
      const d = await uploadFile(t.app, alice.token, 'file', '讲义二.docx', await docx([{ text: '讲义' }]));
      expect((await preview(alice.token, d.data.url)).data).toMatchObject({ preview_kind: 'office' });
    } finally {
      vi.unstubAllEnvs();
      rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe('without LibreOffice', () => {
  it('renders docx and xlsx in the browser, and downloads a presentation with why', async () => {
    vi.stubEnv('PATH', '/nonexistent');
    const d = await uploadFile(t.app, alice.token, 'file', '讲义.docx', await docx([{ text: '讲义' }]));
    expect((await preview(alice.token, d.data.url)).data).toMatchObject({ preview_kind: 'docx', convert_status: '', pdf_url: '' });
    const x = await uploadFile(t.app, alice.token, 'file', '表.xlsx', await xlsx([['a']]));
    expect((await preview(alice.token, x.data.url)).data).toMatchObject({ preview_kind: 'xlsx', convert_status: '' });
    const p = await uploadFile(t.app, alice.token, 'file', '旧讲义.doc', Buffer.from('x'.repeat(100)));
    expect((await preview(alice.token, p.data.url)).data).toMatchObject({ preview_kind: 'download', previewable: false, note: PREVIEW_NOTES.office });
  });
});
