import { parseInWorker, type WorkerOptions } from './isolated.ts';
import type { ParsedDoc, QaPair } from './types.ts';

export { ParseError } from './errors.ts';
export { parseHtml } from './html.ts';
export { KNOWLEDGE_EXTENSIONS, kindOf } from './in-process.ts';
export type { DocKind, ParsedDoc, QaPair } from './types.ts';

/**
 * A stored upload as text for chunking. `fileName` is the user's name for it (uploads are stored
 * without extensions) and decides the parser; the content must agree. The parsing runs in a parse
 * worker with its own memory and time limits (isolated.ts), so no file can take the server down.
 * Every failure caused by the file is a ParseError whose message can be shown as is; an aborted
 * signal kills the worker.
 */
export async function parseDocument(filePath: string, fileName: string, opts: WorkerOptions = {}): Promise<ParsedDoc> {
  return (await parseInWorker({ op: 'document', filePath, fileName }, opts)) as ParsedDoc;
}

/** Question/answer pairs from a csv or spreadsheet, in a parse worker like parseDocument. */
export async function parseQaFile(filePath: string, fileName: string, opts: WorkerOptions = {}): Promise<QaPair[]> {
  return (await parseInWorker({ op: 'qa', filePath, fileName }, opts)) as QaPair[];
}

/** LibreOffice headless, for other conversions than parsing (the files module's office previews). */
export { convertWithOffice, findOffice, OfficeTimeout } from './legacy.ts';
