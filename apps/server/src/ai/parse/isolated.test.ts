/**
 * The parse worker: untrusted files are parsed in a child process with its own heap, resident
 * memory and time limits. Real child processes, real files; nothing of ours is mocked.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG } from '@xueban/contract/messages';
import { ParseError, parseDocument, parseQaFile } from './index.ts';
import { parseDocumentInProcess } from './in-process.ts';
import { MAX_WORKERS, WORKER_LIMITS } from './isolated.ts';
import { findOffice } from './legacy.ts';
import { ZIP_LIMITS, guardZip } from './zip-guard.ts';
import {
  alive, deflatedZeros, docx, docxHead, inflatingDocx, minimalPdf, parseErrorOf, pdfText, rejection, tempDir, zipOf,
} from './test-fixtures.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir({ asTmpdir: true }); });
afterAll(() => tmp.remove());
afterEach(() => { vi.unstubAllEnvs(); });
let n = 0;
const stored = (data: string | Uint8Array) => tmp.file(`upload-${++n}`, data);

/** Processes whose parent is this one (Linux /proc), i.e. parse workers still around. */
async function children(): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …; comm may hold spaces, so read after its closing parenthesis.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === process.pid) pids.push(Number(name));
  }
  return pids;
}
const parseTemps = async () => (await readdir(tmpdir())).filter((f) => f.startsWith('xueban-parse-'));
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);

/**
 * A `soffice` that never finishes (its child sleeps, in LibreOffice's process group), alone on
 * PATH, which the worker inherits: a .doc then keeps the worker busy until it is killed.
 * Resolves to a function that waits for the sleeper to start and returns its pid.
 */
async function hangingOffice(): Promise<() => Promise<number>> {
  const bin = path.join(tmp.dir, `bin-${++n}`);
  const pidFile = path.join(bin, 'sleeper.pid');
  await mkdir(bin);
  await tmp.file(path.relative(tmp.dir, path.join(bin, 'soffice')), `#!/bin/sh\nPATH='${process.env.PATH}'\nsleep 300 &\necho $! > "${pidFile}"\nwait\n`);
  await chmod(path.join(bin, 'soffice'), 0o755);
  vi.stubEnv('PATH', bin);
  return () => vi.waitFor(async () => Number(await readFile(pidFile, 'utf8')), { timeout: 15_000, interval: 50 });
}

describe.skipIf(process.platform !== 'linux')('the parse worker', () => {
  it('reads every kind as the parsers do in the process, and leaves nothing behind', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('成绩').addRows([['姓名', '分数'], ['张三', 95]]);
    const files: [Uint8Array | string, string][] = [
      [await docx([{ text: '第一章 简介', style: 'Heading1' }, { text: '图书馆早上八点开放。' }]), '指南.docx'],
      [minimalPdf([pdfText(['Library hours', 'Open at eight.'])]), 'hours.pdf'],
      [Buffer.from(await wb.xlsx.writeBuffer()), '成绩.xlsx'],
      ['姓名,分数\n李四,88', '成绩.csv'],
      ['# 标题\n\n正文内容', 'note.md'],
      ['<title>食堂</title><h1>食堂</h1><p>午餐十一点开始。</p>', 'page.html'],
    ];
    const before = await parseTemps();
    for (const [data, name] of files) {
      const file = await stored(data);
      expect(await parseDocument(file, name), name).toEqual(await parseDocumentInProcess(file, name));
    }
    const qa = await stored('问题,答案\n几点开门,八点\n几点闭馆,十点');
    expect(await parseQaFile(qa, '问答.csv')).toEqual([{ question: '几点开门', answer: '八点' }, { question: '几点闭馆', answer: '十点' }]);
    expect(await children()).toEqual([]);
    expect(await parseTemps()).toEqual(before);
  });

  it('passes the parsers\' refusals through as they are', async () => {
    const cases: [Uint8Array | string, string, string][] = [
      ['just some text', 'report.docx', MSG.fileContentMismatch],
      [zipOf([...docxHead(), await deflatedZeros('word/media/zeros.bin', 300 * 1024 * 1024)]), 'bomb.docx', MSG.fileTooComplex],
      ['', 'empty.txt', MSG.noTextExtracted],
      ['a\nb', 'pairs.csv', MSG.parseQaEmpty],
      ['x', 'photo.png', MSG.parseKindUnsupported],
    ];
    for (const [data, name, message] of cases) {
      const file = await stored(data);
      const parse = name === 'pairs.csv' ? parseQaFile(file, name) : parseDocument(file, name);
      expect((await parseErrorOf(parse)).message, name).toBe(message);
    }
  });

  it('ends a document that exhausts its heap: the file is too complex, and this process stays small', async () => {
    // 60 MB of XML at about 95:1: under every bound of the zip guard, so only the worker can stop it.
    const file = await stored(await inflatingDocx(60 * 1024 * 1024));
    await guardZip(file);
    expect(60 * 1024 * 1024).toBeLessThan(ZIP_LIMITS.maxTotalBytes);
    const before = process.memoryUsage().rss;
    const err = await parseErrorOf(parseDocument(file, 'bomb.docx'));
    expect(err.message).toBe(MSG.fileTooComplex);
    expect(String((err.cause as Error).message)).toMatch(/heap out of memory|SIGABRT/);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(await children()).toEqual([]);
  }, 60_000);

  it('kills a worker that passes its resident memory limit', async () => {
    // pdf.js alone takes more than 150 MB resident when tsx compiles it, so this limit is passed early.
    const file = await stored(minimalPdf([pdfText(['text'])]));
    const err = await parseErrorOf(parseDocument(file, 'a.pdf', { limits: { rssMb: 150 } }));
    expect(err.message).toBe(MSG.fileTooComplex);
    expect(String((err.cause as Error).message)).toMatch(/limit 150 MB/);
    expect(await children()).toEqual([]);
  }, 30_000);

  it('kills a worker past its time, LibreOffice and temp dir included', async () => {
    const sleeper = await hangingOffice();
    const before = await parseTemps();
    const started = performance.now();
    const parsing = parseDocument(await stored(OLE), '旧文档.doc', { limits: { timeoutMs: 3_000 } });
    expect(alive(await sleeper())).toBe(true);
    const err = await parseErrorOf(parsing);
    expect(err.message).toBe(MSG.parseTimedOut);
    expect(performance.now() - started).toBeLessThan(10_000);
    await vi.waitFor(async () => expect(alive(await sleeper())).toBe(false), { timeout: 5_000 });
    expect(await children()).toEqual([]);
    expect(await parseTemps()).toEqual(before);
    expect(WORKER_LIMITS.timeoutMs).toBeGreaterThan(60_000); // LibreOffice alone may take a minute
  }, 30_000);

  it('a worker stopped from outside (a shutdown signalling the group) is a retryable error, not the file\'s fault', async () => {
    const sleeper = await hangingOffice();
    const parsing = parseDocument(await stored(OLE), '旧文档.doc');
    await sleeper();
    const [worker] = await children();
    process.kill(worker!, 'SIGTERM');
    const err = await rejection(parsing);
    expect(err).not.toBeInstanceOf(ParseError);
    expect(String((err as Error).message)).toMatch(/stopped \(SIGTERM\)/);
    await vi.waitFor(async () => expect(alive(await sleeper())).toBe(false), { timeout: 5_000 });
  }, 30_000);

  it('stops at once when the signal aborts, before or during the parse, LibreOffice included', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://user:secret@db/xueban');
    vi.stubEnv('LLM_API_KEY', 'sk-not-for-parsers');
    const sleeper = await hangingOffice();
    const file = await stored(OLE);
    expect((await parseErrorOf(parseDocument(file, 'a.doc', { signal: AbortSignal.abort() }))).message).toBe(MSG.parseAborted);
    const before = await parseTemps();
    const controller = new AbortController();
    const parsing = parseDocument(file, '旧文档.doc', { signal: controller.signal });
    const pid = await sleeper();
    expect(alive(pid)).toBe(true);
    // The worker runs without the server's configuration.
    const [worker] = await children();
    const environ = await readFile(`/proc/${worker}/environ`, 'utf8');
    expect(environ).toContain('PATH=');
    expect(environ).not.toMatch(/DATABASE_URL|LLM_API_KEY|secret/);
    const aborted = performance.now();
    controller.abort();
    expect((await parseErrorOf(parsing)).message).toBe(MSG.parseAborted);
    expect(performance.now() - aborted).toBeLessThan(3_000);
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5_000 });
    expect(await children()).toEqual([]);
    expect(await parseTemps()).toEqual(before);
  }, 30_000);

  it(`runs at most ${MAX_WORKERS} workers at once; the others wait their turn`, async () => {
    const file = await stored(Array.from({ length: 50_000 }, (_, i) => `${i},内容`).join('\n'));
    let most = 0;
    let done = false;
    const watching = (async () => {
      while (!done) {
        most = Math.max(most, (await children()).length);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const results = await Promise.all(Array.from({ length: MAX_WORKERS + 2 }, () => parseDocument(file, 'rows.csv')));
    done = true;
    await watching;
    expect(results.map((r) => r.text.split('\n').length)).toEqual(Array(MAX_WORKERS + 2).fill(50_000));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_WORKERS);
  }, 60_000);
});

const office = findOffice();

describe.skipIf(process.platform !== 'linux' || !office)('LibreOffice in the parse worker (skipped: soffice/libreoffice not on PATH)', () => {
  it('reads a real .doc, converted in the worker\'s own temp dir', async () => {
    const source = await tmp.file('source.docx', await docx([{ text: '第一章 简介', style: 'Heading1' }, { text: '这是旧版 Word 文档的内容。' }]));
    const out = path.join(tmp.dir, 'legacy');
    await promisify(execFile)(office!, [
      '--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(path.join(tmp.dir, 'profile')).href}`,
      '--convert-to', 'doc', '--outdir', out, source,
    ], { timeout: 120_000 });
    const before = await parseTemps();
    expect((await parseDocument(path.join(out, 'source.doc'), '旧文档.doc')).text).toBe('# 第一章 简介\n\n这是旧版 Word 文档的内容。');
    expect(await parseTemps()).toEqual(before);
  }, 240_000);
});
