import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG } from '@xueban/contract/messages';
import { ParseError } from './errors.ts';
import { parseDocumentInProcess as parseDocument } from './in-process.ts';
import { findOffice, OFFICE_MEMORY_MB, withConverted } from './legacy.ts';
import { alive, docx, rejection, tempDir } from './test-fixtures.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir({ asTmpdir: true }); });
afterAll(() => tmp.remove());
afterEach(() => { vi.unstubAllEnvs(); });

/** Enough of an OLE compound file for the content check (.doc/.xls are OLE files). */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
const officeTemps = async () => (await readdir(tmpdir())).filter((f) => f.startsWith('xueban-office-'));

async function expectParseError(p: Promise<unknown>, message: string) {
  const err = await rejection(p);
  expect(err).toBeInstanceOf(ParseError);
  expect(err.message).toBe(message);
}

/** A directory holding a fake `soffice` script, put alone on PATH (the script keeps the real PATH). */
async function fakeOffice(script: string): Promise<string> {
  const dir = path.join(tmp.dir, `bin-${Math.random().toString(36).slice(2)}`);
  await mkdir(dir);
  const file = path.join(dir, 'soffice');
  await tmp.file(path.relative(tmp.dir, file), `#!/bin/sh\nPATH='${process.env.PATH}'\n${script}\n`);
  await chmod(file, 0o755);
  vi.stubEnv('PATH', dir);
  return dir;
}

describe('old .doc / .xls without LibreOffice', () => {
  it('tells the user to convert, with the exact messages', async () => {
    vi.stubEnv('PATH', path.join(tmp.dir, 'no-such-bin'));
    expect(findOffice()).toBeNull();
    await expectParseError(parseDocument(await tmp.file('a-doc', OLE), '旧文档.doc'), '读取 doc 文件失败 (可转换成 PDF)');
    await expectParseError(parseDocument(await tmp.file('a-xls', OLE), '旧表格.XLS'), '读取 xls 文件失败 (可转换成 xlsx)');
    expect(MSG.xlsReadFailed).toBe('读取 xls 文件失败 (可转换成 xlsx)');
  });
});

describe('the LibreOffice run', () => {
  it('is killed with its children on timeout, and its temp dir removed', async () => {
    const pidFile = path.join(tmp.dir, 'child.pid');
    await fakeOffice(`sleep 300 &\necho $! > "${pidFile}"\nwait`);
    const before = await officeTemps();
    const started = performance.now();
    const err = await rejection(withConverted(await tmp.file('slow-doc', OLE), 'doc', async () => 'unused', { timeoutMs: 1_000 }));
    expect(err).toBeInstanceOf(ParseError);
    expect(err.message).toBe(MSG.readDocFailed);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(990); // it did run until the timeout
    expect(took).toBeLessThan(10_000);
    const child = Number(await readFile(pidFile, 'utf8'));
    await vi.waitFor(() => expect(alive(child)).toBe(false), { timeout: 5_000 });
    expect(await officeTemps()).toEqual(before);
  });

  it('runs under a memory cap (its address space bounded)', async () => {
    const limitFile = path.join(tmp.dir, 'limit.txt');
    await fakeOffice(`ulimit -v > "${limitFile}"`);
    await rejection(withConverted(await tmp.file('capped-doc', OLE), 'doc', async () => 'unused'));
    expect(Number((await readFile(limitFile, 'utf8')).trim())).toBe(OFFICE_MEMORY_MB * 1024);
  });

  it('fails cleanly when LibreOffice exits without writing a file', async () => {
    await fakeOffice('exit 0');
    const before = await officeTemps();
    await expectParseError(parseDocument(await tmp.file('bad-xls', OLE), 'bad.xls'), MSG.xlsReadFailed);
    expect(await officeTemps()).toEqual(before);
  });
});

const office = findOffice();

describe.skipIf(!office)('real conversion through LibreOffice (skipped: soffice/libreoffice not on PATH)', () => {
  /** Makes the old binary format with LibreOffice itself, since no binary fixtures are committed. */
  async function toLegacy(input: string, format: 'doc' | 'xls'): Promise<string> {
    const out = path.join(tmp.dir, `legacy-${format}`);
    await promisify(execFile)(office!, [
      '--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(path.join(tmp.dir, `profile-${format}`)).href}`,
      '--convert-to', format, '--outdir', out, input,
    ], { timeout: 120_000 });
    return path.join(out, `${path.basename(input, path.extname(input))}.${format}`); // absent if it could not
  }

  it('reads a .doc, headings included', async () => {
    const source = await tmp.file('source.docx', await docx([
      { text: '第一章 简介', style: 'Heading1' },
      { text: '这是旧版 Word 文档的内容。' },
    ]));
    const doc = await toLegacy(source, 'doc');
    const before = await officeTemps();
    const parsed = await parseDocument(doc, '旧文档.doc');
    expect(parsed.text).toBe('# 第一章 简介\n\n这是旧版 Word 文档的内容。');
    expect(await officeTemps()).toEqual(before);
  }, 240_000);

  it('reads an .xls, one section per sheet', async ({ skip }) => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('成绩').addRows([['姓名', '分数'], ['张三', 95]]);
    const source = await tmp.file('source.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const xls = await toLegacy(source, 'xls');
    // Distributions split LibreOffice: with only Writer installed, nothing can write (or read) .xls.
    if (!existsSync(xls)) return skip('LibreOffice Calc is not installed here: soffice cannot make an .xls to read back');
    expect((await parseDocument(xls, '成绩.xls')).text).toBe('# 成绩\n\n姓名 | 分数\n张三 | 95');
  }, 240_000);
});
