import { MSG } from '@xueban/contract/messages';
import { PARSE_LIMITS, ParseError, asParseError, checkAborted } from './errors.ts';
import { parseDocx } from './docx.ts';
import { parseHtml } from './html.ts';
import { withConverted } from './legacy.ts';
import { parsePdf } from './pdf.ts';
import { parsePptx } from './pptx.ts';
import { collectQaPairs } from './qa.ts';
import { tableDoc } from './rows.ts';
import { checkContent, readHead } from './sniff.ts';
import { readTextFile } from './text.ts';
import type { DocKind, ParsedDoc, QaPair } from './types.ts';

/*
 * The parsers run here, in the calling process. Only the parse worker (worker.ts) and the parsers'
 * own tests call these: the server parses untrusted files through index.ts, in the worker.
 */

export const KNOWLEDGE_EXTENSIONS: readonly DocKind[] = Object.freeze(['pdf', 'docx', 'doc', 'pptx', 'ppt', 'xlsx', 'xls', 'csv', 'txt', 'md', 'html']);
const ALIASES: Readonly<Record<string, DocKind>> = { htm: 'html', markdown: 'md' };

/** The kind of a file by its extension (case-insensitive), or null when the knowledge base does not take it. */
export function kindOf(fileName: string): DocKind | null {
  const ext = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!ext) return null;
  return (KNOWLEDGE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as DocKind) : (ALIASES[ext] ?? null);
}

/** Raw HTML may be several times its text (markup, inline scripts); its text is still bounded by PARSE_LIMITS.maxChars. */
const MAX_HTML_CHARS = 5 * PARSE_LIMITS.maxChars;

function parseKind(kind: DocKind, filePath: string, signal?: AbortSignal): Promise<ParsedDoc> {
  switch (kind) {
    case 'pdf': return parsePdf(filePath, signal);
    case 'docx': return parseDocx(filePath, signal);
    case 'doc': return withConverted(filePath, 'doc', (docx) => parseDocx(docx, signal), { signal });
    case 'pptx': return parsePptx(filePath, signal);
    case 'ppt': return withConverted(filePath, 'ppt', (pptx) => parsePptx(pptx, signal), { signal });
    case 'xlsx': case 'xls': case 'csv': return tableDoc(kind, filePath, signal);
    case 'txt': case 'md': return readTextFile(filePath, signal).then((text) => ({ text }));
    case 'html': return readTextFile(filePath, signal, MAX_HTML_CHARS).then(parseHtml);
  }
}

/** Shared start of both entry points: the extension names a kind, the file is not empty, its bytes match the kind. */
async function checkedKind<K extends DocKind>(filePath: string, fileName: string, allowed: readonly K[], unsupported: string): Promise<K> {
  const kind = kindOf(fileName);
  if (!kind || !(allowed as readonly DocKind[]).includes(kind)) throw new ParseError(unsupported);
  const head = await readHead(filePath);
  if (!head.length) throw new ParseError(MSG.noTextExtracted);
  await checkContent(head, kind);
  return kind as K;
}

/**
 * A stored upload as text for chunking, in this process. `fileName` is the user's name for it (uploads are stored
 * without extensions) and decides the parser; the content must agree. Every failure is a
 * ParseError whose message can be shown as is; an aborted signal stops the work.
 */
export async function parseDocumentInProcess(filePath: string, fileName: string, opts: { signal?: AbortSignal } = {}): Promise<ParsedDoc> {
  const { signal } = opts;
  try {
    checkAborted(signal);
    const kind = await checkedKind(filePath, fileName, KNOWLEDGE_EXTENSIONS, MSG.parseKindUnsupported);
    const doc = await parseKind(kind, filePath, signal);
    checkAborted(signal);
    if (!doc.text.trim()) throw new ParseError(MSG.noTextExtracted);
    return doc;
  } catch (err) {
    throw asParseError(err, signal);
  }
}

const QA_KINDS = ['csv', 'xlsx', 'xls'] as const;

/** Question/answer pairs from a csv or spreadsheet, in this process (see collectQaPairs for how the columns are found). */
export async function parseQaFileInProcess(filePath: string, fileName: string, opts: { signal?: AbortSignal } = {}): Promise<QaPair[]> {
  const { signal } = opts;
  try {
    checkAborted(signal);
    const kind = await checkedKind(filePath, fileName, QA_KINDS, MSG.parseQaKindUnsupported);
    return await collectQaPairs(kind, filePath, signal);
  } catch (err) {
    throw asParseError(err, signal);
  }
}
