import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { MSG } from '@xueban/contract/messages';
import { ParseError, checkAborted } from './errors.ts';
import { TextSink } from './text.ts';
import type { ParsedDoc } from './types.ts';

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js in Node: the legacy build, and its worker code loaded on this thread (pdf.js uses a
 * `globalThis.pdfjsWorker` it finds instead of starting a worker).
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjs;
}

/** The predefined CMaps shipped with pdfjs-dist: Chinese PDFs with CID fonts (UniGB-UCS2-H…) need them for text. */
const cMapUrl = () => path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'cmaps') + path.sep;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;
const isCjkBoundary = (a: string, b: string) => CJK.test(a.slice(-1)) || CJK.test(b.slice(0, 1));

interface Line { text: string; y: number; size: number }

/** Text items of a page into visual lines: a new line at hasEOL or when the baseline moves. */
function pageLines(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let cur: Line | null = null;
  let xEnd = 0;
  for (const it of items) {
    const [, , c = 0, d = 0, x = 0, y = 0] = it.transform as number[];
    const size = Math.hypot(c, d) || it.height || 1;
    if (cur && Math.abs(y - cur.y) > size / 2) cur = null;
    if (it.str.trim() || cur) {
      if (!cur) lines.push((cur = { text: '', y, size }));
      // Words are separate items in some PDFs: a visible gap means a space, except around Chinese.
      else if (!/\s$/.test(cur.text) && !/^\s/.test(it.str) && !isCjkBoundary(cur.text, it.str) && x - xEnd > size * 0.15) cur.text += ' ';
      cur.text += it.str;
      cur.size = Math.max(cur.size, size);
      xEnd = x + it.width;
    }
    if (it.hasEOL) cur = null;
  }
  for (const line of lines) line.text = line.text.trim();
  return lines.filter((l) => l.text);
}

/**
 * A page's text items into paragraphs: a wrapped line continues its paragraph (joined without a
 * space around Chinese, with one between Latin words); a gap of more than about one blank line, or a
 * jump back up the page, starts a new one. Exported for tests.
 */
export function writePageText(items: TextItem[], sink: TextSink): void {
  const lines = pageLines(items);
  let para = '';
  let prev: Line | undefined;
  for (const line of lines) {
    const gap = prev ? prev.y - line.y : 0;
    if (prev && (gap > Math.max(prev.size, line.size) * 1.8 || gap < 0)) {
      sink.line(para);
      sink.paragraph();
      para = '';
    }
    if (!para) para = line.text;
    else if (isCjkBoundary(para, line.text)) para += line.text;
    else if (/[A-Za-z]-$/.test(para) && /^[a-z]/.test(line.text)) para = para.slice(0, -1) + line.text;
    else para += ' ' + line.text;
    prev = line;
  }
  sink.line(para);
  sink.paragraph();
}

export async function parsePdf(filePath: string, signal?: AbortSignal): Promise<ParsedDoc> {
  const { getDocument } = await loadPdfJs();
  const data = await readFile(filePath, { signal });
  const task = getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    isEvalSupported: false,
    // No fonts are loaded or rendered: only text is wanted.
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    cMapUrl: cMapUrl(),
    cMapPacked: true,
    verbosity: 0,
  });
  const abort = () => void task.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const doc = await task.promise.catch((err: unknown) => {
      if ((err as Error)?.name === 'PasswordException') throw new ParseError(MSG.fileEncrypted, { cause: err });
      throw err;
    });
    const sink = new TextSink();
    for (let p = 1; p <= doc.numPages; p++) {
      checkAborted(signal);
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      writePageText(content.items.filter((i): i is TextItem => 'str' in i), sink);
      page.cleanup();
    }
    // A scanned PDF is all images: nothing to index, and the user should know why.
    if (!sink.text.trim()) throw new ParseError(MSG.noTextExtracted);
    const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' ? info.Title.trim() : '';
    return title ? { text: sink.text, title } : { text: sink.text };
  } finally {
    signal?.removeEventListener('abort', abort);
    await task.destroy();
  }
}
