import { parseInWorker, type WorkerOptions } from './isolated.ts';
import { kindOf, parseDocumentInProcess } from './in-process.ts';
import type { DocKind, ParsedDoc, QaPair } from './types.ts';

export { ParseError } from './errors.ts';
export { parseHtml } from './html.ts';
export { KNOWLEDGE_EXTENSIONS, kindOf } from './in-process.ts';
export type { DocKind, ParsedDoc, QaPair } from './types.ts';

/**
 * Plain text needs no parser that a file could drive into using unbounded memory or time: it is
 * read as a stream, decoded and cut off at PARSE_LIMITS.maxChars. Forking a worker for it (about
 * a second of a core here) was most of the cost of training a small text document.
 */
const READ_IN_PROCESS: ReadonlySet<DocKind> = new Set(['txt', 'md']);

/** Whether a file of this name is read in this process (plain text), so it can be read where it lies, without a copy for a worker. */
export const readInProcess = (fileName: string) => {
  const kind = kindOf(fileName);
  return !!kind && READ_IN_PROCESS.has(kind);
};

/**
 * A stored upload as text for chunking. `fileName` is the user's name for it (uploads are stored
 * without extensions) and decides the parser; the content must agree. Every format with a parser
 * runs in a parse worker with its own memory and time limits (isolated.ts), so no file can take the
 * server down; plain text is read here. Every failure caused by the file is a ParseError whose
 * message can be shown as is; an aborted signal kills the worker.
 */
export async function parseDocument(filePath: string, fileName: string, opts: WorkerOptions = {}): Promise<ParsedDoc> {
  if (readInProcess(fileName)) return parseDocumentInProcess(filePath, fileName, { signal: opts.signal });
  return (await parseInWorker({ op: 'document', filePath, fileName }, opts)) as ParsedDoc;
}

/** Question/answer pairs from a csv or spreadsheet, in a parse worker like parseDocument. */
export async function parseQaFile(filePath: string, fileName: string, opts: WorkerOptions = {}): Promise<QaPair[]> {
  return (await parseInWorker({ op: 'qa', filePath, fileName }, opts)) as QaPair[];
}

/** LibreOffice headless, for other conversions than parsing (the files module's office previews). */
export { convertWithOffice, findOffice, OfficeTimeout } from './legacy.ts';
