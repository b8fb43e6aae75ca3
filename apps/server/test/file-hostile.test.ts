import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { call, createTestApp, register, type TestApp } from './harness.ts';
import { uploadFile } from './uploads.ts';
import { alive, docx, minimalPdf, pdfText, rejection } from '../src/ai/parse/test-fixtures.ts';
import { ParseError } from '../src/ai/parse/errors.ts';
import { parsePdf } from '../src/ai/parse/pdf.ts';
import { withTempFile } from '../src/lib/temp-file.ts';
import { findOffice, parseDocument } from '../src/ai/parse/index.ts';
import { OFFICE_MEMORY_MB } from '../src/ai/parse/legacy.ts';
import { CONVERT_MESSAGES } from '../src/modules/files/office-preview.service.ts';

/**
 * Hostile files (issue 21, "Done when"): a docx whose XML names an external entity, a PDF that
 * carries JavaScript, and a conversion that never ends. Each previews inertly or fails with why;
 * LibreOffice runs under a time and a memory bound. (The zip bomb: file-preview.test.ts.)
 */

type Info = { preview_kind: string; convert_status: string; convert_error: string; pdf_url: string; preview_url: string };

const office = findOffice();
const work = mkdtempSync(path.join(tmpdir(), 'xueban-hostile-'));
/** What an external entity would pull into the document if any reader resolved it. */
const SECRET = 'XXE-SECRET-7731';
const secretFile = path.join(work, 'secret.txt');
writeFileSync(secretFile, SECRET);

/** A real docx whose word/document.xml declares `&xxe;` as the secret file and uses it in a paragraph. */
async function xxeDocx(): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await docx([{ text: '外部实体测试' }]));
  const xml = await zip.file('word/document.xml')!.async('string');
  const hostile = xml
    .replace('?>', `?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "${pathToFileURL(secretFile).href}">]>`)
    .replace('</w:body>', '<w:p><w:r><w:t>[&xxe;]</w:t></w:r></w:p></w:body>');
  zip.file('word/document.xml', hostile);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A PDF that runs JavaScript on opening (/OpenAction), setting a marker a reader that ran it would show. */
const scriptedPdf = () => minimalPdf([pdfText(['Lab safety rules'])], {
  catalog: '/OpenAction 6 0 R', // objects 4 and 5 are the page and its text; 6 is the action
  objects: ['<< /S /JavaScript /JS (globalThis.__pdfScriptRan = 1; app.alert\\(1\\);) >>'],
});

type User = Awaited<ReturnType<typeof register>>;

async function settled(t: TestApp, token: string, url: string): Promise<Info> {
  for (let i = 0; i < 900; i++) {
    const res = await call(t.app, 'GET', '/api/uc/File/filePreview', { token, query: { url } });
    expect(res.code, res.msg).toBe(Code.OK);
    if (res.data.convert_status !== 'pending') return res.data as Info;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the conversion never ended');
}

afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => { vi.unstubAllEnvs(); });

describe('hostile documents', () => {
  let t: TestApp;
  let alice: User;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await register(t.app);
  });
  afterAll(async () => { await t?.close(); });

  it('a docx with an external entity: knowledge training refuses it as unreadable, never reading the entity\'s file', async () => {
    const file = path.join(work, 'xxe.docx');
    writeFileSync(file, await xxeDocx());
    // mammoth's XML reader does not resolve the entity: the document is refused with a clear reason.
    const err = await rejection(parseDocument(file, '外部实体.docx'));
    expect(err).toBeInstanceOf(ParseError);
    expect(err.message).toBe(MSG.fileCorrupt);
    expect(err.message).not.toContain(SECRET);
  });

  it.skipIf(!office)('a docx with an external entity previews as a PDF without the entity\'s file (or fails with why)', async () => {
    const up = await uploadFile(t.app, alice.token, 'file', '外部实体.docx', await xxeDocx());
    expect(up.code, up.msg).toBe(Code.OK);
    const done = await settled(t, alice.token, up.data.url);
    // LibreOffice (7.4 here) refuses the document outright; one that converted it must still leave the entity out.
    if (done.convert_status === 'failed') {
      expect(done.convert_error).toBe(CONVERT_MESSAGES.failed);
      return;
    }
    expect(done.convert_status).toBe('ready');
    const pdf = await t.app.inject({ method: 'GET', url: done.pdf_url });
    const text = await withTempFile(t.config.DATA_DIR, '.pdf', pdf.rawPayload, (f) => parsePdf(f)).then((d) => d.text);
    expect(text).toContain('外部实体测试');
    expect(text).not.toContain(SECRET);
  });

  it('a PDF with JavaScript: its text is read without running it, and it is served to browsers sandboxed', async () => {
    const bytes = scriptedPdf();
    const file = path.join(work, 'scripted.pdf');
    writeFileSync(file, bytes);
    expect((await parseDocument(file, '安全守则.pdf')).text).toContain('Lab safety rules');
    expect((globalThis as { __pdfScriptRan?: number }).__pdfScriptRan).toBeUndefined();

    const up = await uploadFile(t.app, alice.token, 'file', '安全守则.pdf', bytes);
    expect(up.code, up.msg).toBe(Code.OK);
    const info = await call(t.app, 'GET', '/api/uc/File/filePreview', { token: alice.token, query: { url: up.data.url } });
    expect(info.data).toMatchObject({ preview_kind: 'pdf', previewable: true });
    // Opened straight in a tab, the browser's own PDF reader gets no scripts: the page is sandboxed.
    const served = await t.app.inject({ method: 'GET', url: info.data.preview_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('a conversion past its time bound', () => {
  let t: TestApp;
  let alice: User;
  const bin = mkdtempSync(path.join(tmpdir(), 'xueban-hung-office-'));
  const pidFile = path.join(bin, 'pid');
  const limitFile = path.join(bin, 'limit');
  beforeAll(async () => {
    // A LibreOffice that notes its memory cap and its pid, then hangs (a file that never finishes converting).
    writeFileSync(path.join(bin, 'soffice'), `#!/bin/sh\nulimit -v > "${limitFile}"\necho $$ > "${pidFile}"\nexec sleep 300\n`, { mode: 0o755 });
    t = await createTestApp({ OFFICE_PREVIEW_TIMEOUT_MS: '1500' });
    alice = await register(t.app);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(bin, { recursive: true, force: true });
  });

  it('is killed and fails clearly with 预览生成超时, once; LibreOffice ran with its address space capped', async () => {
    vi.stubEnv('PATH', `${bin}${path.delimiter}${process.env.PATH ?? ''}`);
    const up = await uploadFile(t.app, alice.token, 'file', '超长讲义.docx', await docx([{ text: '很长的讲义' }]));
    expect(up.code, up.msg).toBe(Code.OK);
    const started = performance.now();
    const done = await settled(t, alice.token, up.data.url);
    expect(done).toMatchObject({ preview_kind: 'office', convert_status: 'failed', convert_error: CONVERT_MESSAGES.timedOut, pdf_url: '' });
    expect(CONVERT_MESSAGES.timedOut).toBe('预览生成超时，请下载后查看');
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(Number(readFileSync(limitFile, 'utf8').trim())).toBe(OFFICE_MEMORY_MB * 1024);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5_000 });
    // Asked again, it stays failed: a file that hung once is not converted again on every open.
    const again = await call(t.app, 'GET', '/api/uc/File/filePreview', { token: alice.token, query: { url: up.data.url } });
    expect(again.data.convert_status).toBe('failed');
  });
});
