import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { files } from '../../db/schema/files.ts';
import { knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { parseDocument, parseQaFile, ParseError, type ParsedDoc, type QaPair } from '../../ai/parse/index.ts';
import { chunkText } from '../../ai/parse/chunk.ts';
import { replaceDocumentChunks, type ChunkInput } from './chunks.repo.ts';
import { documentById, updateDocument, type DocumentRow } from './documents.repo.ts';
import { fetchWebPage } from './web-page.ts';
import { embedDocument } from './embedding-index.ts';

export const TRAIN_QUEUE = 'knowledge-train';
export interface TrainJob { documentId: number }

/** Retries with backoff (5 s, 10 s, 20 s) for what may pass: storage, database, a busy site. */
export const TRAIN_QUEUE_OPTIONS = { name: TRAIN_QUEUE, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 };

/**
 * A failure the user must act on (a bad file, an unreadable page): no retry, the reason is shown.
 * A file that exhausted the parse worker's memory or time is one too (a retry would only do it again).
 */
const isFinal = (err: unknown) => err instanceof ParseError;

/**
 * Trains one document: parse → chunk → index (→ embed, when an embedding model is set), reporting progress on the document row. It ends
 * `ready`, or `failed` with a reason; a transient error is thrown for the queue to retry, and
 * after the last retry the document fails with 训练多次失败，请稍后重试.
 */
export async function trainDocument(deps: Deps, log: FastifyBaseLogger, job: { data: TrainJob; retryCount: number; retryLimit: number }) {
  const { db } = deps;
  const doc = await documentById(db, job.data.documentId);
  if (!doc) return; // deleted while queued
  await updateDocument(db, doc.id, { status: 'training', progress: 5, error: '', attempts: sql`${knowledgeDocuments.attempts} + 1` });
  try {
    const chunks = await chunksOf(deps, doc);
    if (!chunks.length) throw new ParseError(MSG.kbNoChunks);
    await updateDocument(db, doc.id, { progress: 70 });
    await replaceDocumentChunks(db, doc, chunks);
    await updateDocument(db, doc.id, { progress: 85 });
    await embedDocument(deps, doc.id);
    const charCount = chunks.reduce((n, c) => n + c.question.length + c.content.length, 0);
    await updateDocument(db, doc.id, { status: 'ready', progress: 100, chunkCount: chunks.length, charCount, error: '' });
  } catch (err) {
    if (isFinal(err)) {
      // The parse worker's own failures (killed for memory or time, crashed) carry why, for the operator.
      if ((err as Error).cause) log.warn({ err, document: doc.id }, 'knowledge document refused by the parse worker');
      await updateDocument(db, doc.id, { status: 'failed', progress: 0, error: (err as Error).message });
      return;
    }
    log.warn({ err, document: doc.id, retry: job.retryCount }, 'knowledge training failed');
    const last = job.retryCount >= job.retryLimit;
    await updateDocument(db, doc.id, last ? { status: 'failed', progress: 0, error: MSG.kbJobGaveUp } : { status: 'queued', progress: 0 });
    if (!last) throw err;
  }
}

async function chunksOf(deps: Deps, doc: DocumentRow): Promise<ChunkInput[]> {
  if (doc.type === 'qa') return qaChunks(doc.fileId ? await withFile(deps, doc, (file, name) => parseQaFile(file, name)) : doc.qa);
  let parsed: ParsedDoc;
  if (doc.type === 'url') {
    parsed = await fetchWebPage(deps, doc.url);
    // The page's own title names the document once it is read.
    if (parsed.title?.trim()) await updateDocument(deps.db, doc.id, { name: parsed.title.trim().slice(0, 200) });
  } else {
    parsed = await withFile(deps, doc, (file, name) => parseDocument(file, name));
  }
  await updateDocument(deps.db, doc.id, { progress: 40 });
  return chunkText(parsed).map((c) => ({ heading: c.heading, question: '', content: c.content }));
}

const qaChunks = (pairs: QaPair[]): ChunkInput[] => pairs.map((p) => ({ heading: '', question: p.question, content: p.answer }));

/** Copies the document's stored file to a temporary path for the parsers, and removes it afterwards. */
async function withFile<T>(deps: Deps, doc: DocumentRow, read: (file: string, name: string) => Promise<T>): Promise<T> {
  const [file] = doc.fileId ? await deps.db.select().from(files).where(eq(files.id, doc.fileId)) : [];
  if (!file) throw new ParseError(MSG.kbFileRequired);
  const stored = await deps.storage.get(file.key);
  if (!stored) throw new ParseError(MSG.kbFileRequired);
  return withTempFile(deps.config.DATA_DIR, path.extname(file.name), stored.body, (tmp) => read(tmp, file.name));
}
