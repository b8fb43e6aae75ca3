/**
 * Fixture files for the parser tests, generated on the fly (no binaries in the repository):
 * hand-written PDFs, docx built with jszip, raw zips (for bombs) written byte by byte.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { expect } from 'vitest';
import { ParseError } from './errors.ts';

/**
 * A temp dir per test file; `file(name, data)` writes into it and returns the path.
 * `asTmpdir`: os.tmpdir() (it reads TMPDIR) points into it until `remove()`, so a test that counts
 * the temp directories parsing leaves behind counts only this file's, not those of files running
 * beside it. Children spawned meanwhile inherit it.
 */
export async function tempDir({ asTmpdir = false } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'parse-test-'));
  const sharedTmpdir = process.env.TMPDIR;
  if (asTmpdir) process.env.TMPDIR = dir;
  return {
    dir,
    async file(name: string, data: string | Uint8Array): Promise<string> {
      const p = path.join(dir, name);
      await writeFile(p, data);
      return p;
    },
    async remove() {
      if (asTmpdir) {
        if (sharedTmpdir === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = sharedTmpdir;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A valid PDF, one page per content stream, text in the standard Helvetica font; xref offsets computed. */
export function minimalPdf(pages: string[], extra: { trailer?: string; objects?: string[]; catalog?: string } = {}): Buffer {
  const objs: string[] = ['', `<< /Type /Catalog /Pages 2 0 R ${extra.catalog ?? ''}>>`, '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (const content of pages) {
    const pageNo = objs.length;
    kids.push(`${pageNo} 0 R`);
    objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNo + 1} 0 R >>`);
    objs.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  }
  objs[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  objs.push(...(extra.objects ?? []));
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R ${extra.trailer ?? ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A text-drawing content stream: lines of ASCII at 12 pt, 14 pt apart; '' leaves a blank line. */
export const pdfText = (lines: string[]) =>
  `BT /F1 12 Tf 72 720 Td ${lines.map((l) => (l ? `(${l.replace(/[\\()]/g, '\\$&')}) Tj 0 -14 Td` : '0 -14 Td')).join(' ')} ET`;

/**
 * A PDF with a standard-security Encrypt dictionary whose /U entry matches no password: readers
 * ask for one, which is all an encrypted upload needs to show.
 */
export function encryptedPdf(): Buffer {
  const encryptObj = `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`;
  // The Encrypt dictionary is object 6 (after catalog, pages, font, one page and its content).
  return minimalPdf([pdfText(['secret'])], { objects: [encryptObj], trailer: `/Encrypt 6 0 R /ID [<${'11'.repeat(16)}> <${'11'.repeat(16)}>]` });
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word document: paragraphs with an optional style id (Heading1, Heading2…) and a table. */
export async function docx(paragraphs: { text: string; style?: string }[], table?: string[][]): Promise<Buffer> {
  const para = (p: { text: string; style?: string }) =>
    `<w:p>${p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${esc(p.text)}</w:t></w:r></w:p>`;
  const tbl = table
    ? `<w:tbl>${table.map((row) => `<w:tr>${row.map((c) => `<w:tc>${para({ text: c })}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`
    : '';
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    + '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
    + '</Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    + '</Relationships>');
  zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
    + '</Relationships>');
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
  zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">`
    + `${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`);
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>`
    + `${paragraphs.map(para).join('')}${tbl}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** One zip entry, already compressed: `declaredSize` may lie about `size` (to build hostile zips). */
export interface RawEntry { name: string; compressed: Buffer; crc: number; size: number; declaredSize?: number }

export function deflated(name: string, data: Buffer): RawEntry {
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** `bytes` zeros deflated through a stream, 1 MB at a time, so a 300 MB bomb never exists in memory. */
export async function deflatedZeros(name: string, bytes: number): Promise<RawEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = bytes; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { name, compressed: Buffer.concat(parts), crc, size: bytes };
}

/** Text made piece by piece and deflated as it comes, so a 60 MB entry never exists in memory. */
export async function deflatedText(name: string, pieces: Iterable<string>): Promise<RawEntry> {
  const deflate = createDeflateRaw({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  let batch = '';
  const flush = async () => {
    const piece = Buffer.from(batch);
    batch = '';
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  };
  for (const p of pieces) {
    batch += p;
    if (batch.length >= 1024 * 1024) await flush();
  }
  await flush();
  deflate.end();
  await done;
  return { name, compressed: Buffer.concat(parts), crc, size };
}

/** `unit(i)` for i = 0, 1, … until `bytes` characters are out, between `head` and `tail`. */
function* filled(bytes: number, head: string, unit: (i: number) => string, tail: string): Generator<string> {
  yield head;
  for (let i = 0, size = head.length; size < bytes; i++) {
    const u = unit(i);
    size += u.length;
    yield u;
  }
  yield tail;
}

/**
 * A docx whose word/document.xml inflates to `bytes` of tiny paragraphs, about 95:1 (under the zip
 * guard's 200:1): mammoth builds a tree of it some 16 times its size.
 */
export async function inflatingDocx(bytes: number): Promise<Buffer> {
  const xml = filled(bytes, `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`,
    (i) => `<w:p><w:r><w:t>${i % 97}</w:t></w:r></w:p>`, '</w:body></w:document>');
  return zipOf([docxHead()[0]!, await deflatedText('word/document.xml', xml)]);
}

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An xlsx whose one shared string inflates to `bytes` of bold rich-text runs (about 130:1): exceljs
 * keeps every run as objects, and caches the shared strings before it reads a row.
 */
export async function inflatingXlsx(bytes: number): Promise<Buffer> {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${s}`);
  const strings = filled(bytes, `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${S}" count="1" uniqueCount="1"><si>`,
    (i) => `<r><rPr><b/></rPr><t>${i % 97}</t></r>`, '</si></sst>');
  return zipOf([
    deflated('[Content_Types].xml', xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
      + '</Types>')),
    deflated('_rels/.rels', xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`)),
    deflated('xl/workbook.xml', xml(`<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="表" sheetId="1" r:id="rId1"/></sheets></workbook>`)),
    deflated('xl/_rels/workbook.xml.rels', xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`
      + `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`)),
    await deflatedText('xl/sharedStrings.xml', strings),
    deflated('xl/worksheets/sheet1.xml', xml(`<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`)),
  ]);
}

/** A zip written by hand (local headers, central directory, end record), deflate method, no zip64. */
export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.compressed);
    centrals.push(central, name);
    offset += 30 + name.length + e.compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries every docx has first, so file-type and the guard see a plausible Word file. */
export const docxHead = (): RawEntry[] => [
  deflated('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')),
  deflated('word/document.xml', Buffer.from(`<w:document xmlns:w="${W}"><w:body/></w:document>`)),
];

/** GBK bytes of the few characters the tests use (GB2312 code points; GBK is a superset). */
const GBK: Record<string, number[]> = {
  问: [0xce, 0xca], 题: [0xcc, 0xe2], 答: [0xb4, 0xf0], 案: [0xb0, 0xb8], 中: [0xd6, 0xd0], 文: [0xce, 0xc4],
};
export function gbk(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = GBK[ch];
    if (code) bytes.push(...code);
    else if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else throw new Error(`no GBK bytes for ${ch} in the test table`);
  }
  return Buffer.from(bytes);
}

/** Resolves to the error a promise rejects with (failing if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection, got a value');
}

/** The ParseError a promise rejects with (failing the test if it resolves or throws anything else). */
export async function parseErrorOf(p: Promise<unknown>): Promise<ParseError> {
  const err = await rejection(p);
  expect(err).toBeInstanceOf(ParseError);
  return err as ParseError;
}

/** Whether a process still runs (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
