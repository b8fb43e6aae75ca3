import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { MSG } from '@xueban/contract/messages';
import { parseDocumentInProcess as parseDocument } from './in-process.ts';
import { ZIP_LIMITS } from './zip-guard.ts';
import {
  deflated, deflatedZeros, docx, docxHead, minimalPdf, parseErrorOf, pdfText, tempDir, zipOf,
} from './test-fixtures.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir(); });
afterAll(() => tmp.remove());
let n = 0;
const stored = (data: string | Uint8Array) => tmp.file(`upload-${++n}`, data);

const expectParseError = async (p: Promise<unknown>, message: string) =>
  expect((await parseErrorOf(p)).message).toBe(message);

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);

/** Writes `rows` lines through a stream (the file is never one string in memory). */
async function writeLines(rows: number, line: (i: number) => string): Promise<string> {
  const path = `${tmp.dir}/lines-${++n}`;
  const out = createWriteStream(path);
  let batch = '';
  for (let i = 0; i < rows; i++) {
    batch += line(i);
    if (batch.length > 64 * 1024) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
  return path;
}

describe('content must match the extension', () => {
  it('refuses a PNG named .pdf, text named .docx, a PDF named .xlsx, a docx named .xlsx, a PNG named .txt', async () => {
    const realDocx = await docx([{ text: '正文' }]);
    const cases: [Uint8Array | string, string][] = [
      [PNG, 'photo.pdf'],
      ['just some text, not a zip', 'report.docx'],
      [minimalPdf([pdfText(['x'])]), 'table.xlsx'],
      [realDocx, 'table.xlsx'],
      [PNG, 'notes.txt'],
      [PNG, 'data.csv'],
      [minimalPdf([pdfText(['x'])]), 'page.html'],
      ['plain text', 'old.doc'],
      [realDocx, 'old.xls'],
    ];
    for (const [data, name] of cases) await expectParseError(parseDocument(await stored(data), name), MSG.fileContentMismatch);
  });

  it('says a docx/xlsx in an OLE container (how Office stores encrypted ones) is encrypted', async () => {
    await expectParseError(parseDocument(await stored(OLE), 'secret.docx'), MSG.fileEncrypted);
    await expectParseError(parseDocument(await stored(OLE), 'secret.xlsx'), MSG.fileEncrypted);
  });
});

describe('zip bombs (docx/xlsx)', () => {
  it('refuses a declared 300 MB entry from the central directory alone, without inflating it', async () => {
    const bomb = zipOf([...docxHead(), await deflatedZeros('word/media/zeros.bin', 300 * 1024 * 1024)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const file = await stored(bomb);
    const started = performance.now();
    await expectParseError(parseDocument(file, 'bomb.docx'), MSG.fileTooComplex);
    await expectParseError(parseDocument(file, 'bomb.xlsx'), MSG.fileTooComplex);
    expect(performance.now() - started).toBeLessThan(2_000); // inflating 300 MB twice would take longer
  });

  it('refuses an entry over 1 MB compressed more than 200:1', async () => {
    const entry = await deflatedZeros('word/document.xml', 2 * 1024 * 1024);
    expect(entry.size / entry.compressed.length).toBeGreaterThan(ZIP_LIMITS.maxRatio);
    await expectParseError(parseDocument(await stored(zipOf([...docxHead().slice(0, 1), entry])), 'ratio.docx'), MSG.fileTooComplex);
  });

  it('refuses more than 2 000 entries', async () => {
    const many = Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => deflated(`word/media/p${i}.xml`, Buffer.from('<x/>')));
    await expectParseError(parseDocument(await stored(zipOf([...docxHead(), ...many])), 'many.docx'), MSG.fileTooComplex);
  });

  it('refuses an entry that inflates past the size it declares (lying headers)', async () => {
    const liar = { ...(await deflatedZeros('word/styles.xml', 50 * 1024 * 1024)), declaredSize: 1_000 };
    await expectParseError(parseDocument(await stored(zipOf([...docxHead(), liar])), 'liar.docx'), MSG.fileTooComplex);
  });
});

describe('corrupt files are ParseErrors, never other exceptions', () => {
  const seeds = { numRuns: 15, seed: 20240901 };
  const corruptMessages = [MSG.fileCorrupt, MSG.noTextExtracted, MSG.fileTooComplex];

  it('random bytes behind a correct magic number (pdf, docx, xlsx)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(['%PDF-1.7\n', 'x.pdf'], ['PK\u0003\u0004', 'x.docx'], ['PK\u0003\u0004', 'x.xlsx']),
      fc.uint8Array({ minLength: 0, maxLength: 4000 }),
      async ([magic, name], rest) => {
        const file = await stored(Buffer.concat([Buffer.from(magic, 'latin1'), rest]));
        const err = await parseErrorOf(parseDocument(file, name));
        expect([...corruptMessages, MSG.fileContentMismatch]).toContain(err.message);
      },
    ), seeds);
  });

  it('truncated real documents', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('表').addRows(Array.from({ length: 200 }, (_, i) => [`行${i}`, i]));
    const real: [Buffer, string][] = [
      [await docx(Array.from({ length: 200 }, (_, i) => ({ text: `第${i}段的内容。` }))), 'cut.docx'],
      [Buffer.from(await wb.xlsx.writeBuffer()), 'cut.xlsx'],
      [minimalPdf(Array.from({ length: 20 }, (_, i) => pdfText([`Page ${i} text`]))), 'cut.pdf'],
    ];
    for (const [data, name] of real) {
      for (const fraction of [0.2, 0.5, 0.9]) {
        const err = await parseErrorOf(parseDocument(await stored(data.subarray(0, Math.floor(data.length * fraction))), name));
        expect(corruptMessages).toContain(err.message);
      }
    }
  });

  it('a missing file', async () => {
    await expectParseError(parseDocument(`${tmp.dir}/does-not-exist`, 'gone.pdf'), MSG.fileCorrupt);
  });
});

describe('size bounds stop reading early', () => {
  it('a 1 000 000-row csv is refused, with bounded memory', async () => {
    const file = await writeLines(1_000_000, (i) => `${i},这是第${i}行的内容,备注${i % 7}\n`);
    const before = process.memoryUsage().rss;
    await expectParseError(parseDocument(file, 'huge.csv'), MSG.fileTooMuchContent);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('a csv of short rows is refused at 200 000 rows, before its text is too long', async () => {
    const file = await writeLines(1_000_000, () => 'a,b\n'); // 200 000 rows are 1.2 M characters of text
    await expectParseError(parseDocument(file, 'rows.csv'), MSG.fileTooMuchContent);
    const fine = await writeLines(200_000, () => 'a,b\n');
    expect((await parseDocument(fine, 'ok.csv')).text.length).toBe(200_000 * 6 - 1);
  });

  it('a txt over 2 000 000 characters is refused', async () => {
    const file = await writeLines(2_100, () => `${'字'.repeat(999)}\n`);
    await expectParseError(parseDocument(file, 'long.txt'), MSG.fileTooMuchContent);
  });

  it('an xlsx over 200 000 rows is refused (streaming reader)', async () => {
    const path = `${tmp.dir}/rows-${++n}.xlsx`;
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
    const sheet = writer.addWorksheet('数据');
    for (let i = 0; i <= 200_000; i++) sheet.addRow([i]).commit();
    sheet.commit();
    await writer.commit();
    await expectParseError(parseDocument(path, 'rows.xlsx'), MSG.fileTooMuchContent);
  }, 120_000);
});

describe('the abort signal', () => {
  it('stops before starting, and part-way through a long read, as a ParseError', async () => {
    const small = await stored('内容');
    await expectParseError(parseDocument(small, 'a.txt', { signal: AbortSignal.abort() }), MSG.parseAborted);
    const file = await writeLines(150_000, (i) => `${i},x\n`);
    const controller = new AbortController();
    const parsing = parseDocument(file, 'big.csv', { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expectParseError(parsing, MSG.parseAborted);
  });
});
