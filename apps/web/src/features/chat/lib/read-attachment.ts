import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';

/** The refusal for adding `picked` next to `current` attached files, or '' (spec §5). */
export function checkAttachments(current: number, picked: { size: number }[]): string {
  if (current + picked.length > LIMITS.attachments.maxFiles) return MSG.attachmentTooMany;
  if (picked.some((f) => f.size > LIMITS.attachments.maxBytes)) return MSG.attachmentTooLarge;
  return '';
}

/** A tiny RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error(MSG.readCsvFailed);
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** A csv's text as the robot reads it: the header row and the first two columns (spec §5). */
export const csvToText = (text: string) => parseCsv(text).map((r) => r.slice(0, 2).join('\t')).join('\n');

/** The visible text of an html page: scripts and styles dropped. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script,style,noscript').forEach((n) => n.remove());
  return (doc.body?.textContent ?? '').replace(/\n\s*\n+/g, '\n\n').trim();
}

/** FileReader rather than Blob.text(): older browsers (and some webviews) only have the former. */
function readAs(file: File, as: 'text'): Promise<string>;
function readAs(file: File, as: 'buffer'): Promise<ArrayBuffer>;
function readAs(file: File, as: 'text' | 'buffer'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error(MSG.readFileFailed));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}
const fileText = (f: File) => readAs(f, 'text');

async function pdfText(file: File): Promise<string> {
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // As the preview: no code compiled from the PDF's fonts or functions (pdf.js runs no document scripts).
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(await readAs(file, 'buffer')), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await pdf.destroy();
  return pages.join('\n\n');
}

async function docText(file: File): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.extractRawText({ arrayBuffer: await readAs(file, 'buffer') });
  return value;
}

async function xlsxText(file: File): Promise<string> {
  const { default: readXlsxFile } = await import('read-excel-file/browser');
  const sheets = await readXlsxFile(await readAs(file, 'buffer'));
  return sheets
    .map(({ sheet, data }) => [`# ${sheet}`, ...data.map((row) => row.map((c) => (c === null ? '' : String(c))).join('\t'))].join('\n'))
    .join('\n\n');
}

/** How each kind of document becomes text, and the message when that fails (spec §5). */
const READERS: Record<string, { read: (f: File) => Promise<string>; failure: string }> = {
  txt: { read: fileText, failure: MSG.readTxtFailed },
  md: { read: fileText, failure: MSG.readTxtFailed },
  csv: { read: async (f) => csvToText(await fileText(f)), failure: MSG.readCsvFailed },
  html: { read: async (f) => htmlToText(await fileText(f)), failure: MSG.readFileFailed },
  htm: { read: async (f) => htmlToText(await fileText(f)), failure: MSG.readFileFailed },
  pdf: { read: pdfText, failure: MSG.readPdfFailed },
  doc: { read: docText, failure: MSG.readDocFailed },
  docx: { read: docText, failure: MSG.readDocFailed },
  xls: { read: xlsxText, failure: MSG.readXlsxFailed },
  xlsx: { read: xlsxText, failure: MSG.readXlsxFailed },
};

/**
 * How an attached file goes with the question: a picture as an image part; a document whose text the
 * browser reads (spec §5) as that text; anything else (a presentation, a video, an archive, a program)
 * only as a stored file, which the question's tag opens in the preview or downloads.
 */
export function attachmentKind(name: string, type: string, imageExtensions: readonly string[]): 'image' | 'document' | 'file' {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (type.startsWith('image/') || imageExtensions.includes(ext)) return 'image';
  return READERS[ext] ? 'document' : 'file';
}

/** Reads a document's text in the browser; rejects with the spec's message for its kind. */
export async function readAttachment(file: File): Promise<{ text: string }> {
  if (typeof FileReader === 'undefined') throw new Error(MSG.browserCannotRead);
  const reader = READERS[file.name.split('.').pop()?.toLowerCase() ?? ''];
  if (!reader) throw new Error(MSG.readFileFailed);
  try {
    return { text: await reader.read(file) };
  } catch {
    throw new Error(reader.failure);
  }
}
