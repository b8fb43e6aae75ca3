import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { files } from '../../db/schema/files.ts';
import { parseDocument, parseQaFile, ParseError, readInProcess, type ParsedDoc, type QaPair } from '../../ai/parse/index.ts';
import { chunkText } from '../../ai/parse/chunk.ts';
import { analyzeIfGrown, replaceDocumentsChunks, type ChunkInput } from './chunks.repo.ts';
import { documentsByIds, markDocumentsReady, markDocumentsTraining, updateDocument, type DocumentRow } from './documents.repo.ts';
import { fetchWebPage } from './web-page.ts';
import { embedDocument } from './embedding-index.ts';

export const TRAIN_QUEUE = 'knowledge-train';
export interface TrainJob { documentId: number }
/** One try of a training job, as the queue hands it over (the id is the queue's, absent in direct calls). */
export interface TrainRun { id?: string; data: TrainJob; retryCount: number; retryLimit: number }

/**
 * Retries with backoff (5 s, 10 s, 20 s) for what may pass: storage, database, a busy site. A job
 * is one document but runs in a batch of up to 50 (training.worker.ts), and a parse may take 3
 * minutes (ai/parse/isolated.ts, two at once), so the queue's own expiry, the last resort against
 * a handler that hangs, allows two hours; a node that dies mid-batch hands its jobs on within a
 * minute through the heartbeat (jobs/heartbeat.ts).
 */
export const TRAIN_QUEUE_OPTIONS = { name: TRAIN_QUEUE, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 2 * 60 * 60 };

/**
 * Documents of one batch read and parsed at once. Formats with a parser run in parse workers
 * (their own pool bounds CPU and memory); this bounds the files held in memory and on disk.
 */
const PARSE_AT_ONCE = 4;

/**
 * A failure the user must act on (a bad file, an unreadable page): no retry, the reason is shown.
 * A file that exhausted the parse worker's memory or time is one too (a retry would only do it again).
 */
const isFinal = (err: unknown) => err instanceof ParseError;

/** A document of the batch: its chunks, or why it failed, or `overtaken` (deleted, or imported again under another job, meanwhile). */
type Parsed = { run: TrainRun; doc: DocumentRow; chunks?: ChunkInput[]; err?: unknown; overtaken?: boolean };

/**
 * Trains a batch of documents: parse → chunk → index (→ embed, when an embedding model is set).
 * Each ends `ready`, or `failed` with a reason. The batch's database work is a handful of
 * statements whatever its size (one read, one status write, one index transaction per base, one
 * ready write), which is what lets a thousand small files train in seconds. Returns the runs
 * that failed in a way that may pass, for the queue to retry; after a job's last try its document
 * fails with 训练多次失败，请稍后重试 instead.
 */
export async function trainDocuments(deps: Deps, log: FastifyBaseLogger, runs: TrainRun[]): Promise<{ run: TrainRun; err: unknown }[]> {
  const { db } = deps;
  const docs = new Map((await documentsByIds(db, null, runs.map((r) => r.data.documentId))).map((d) => [d.id, d]));
  // A document queued twice trains once per batch (twice in one transaction would index it twice),
  // by the job it names: the others complete unused, and the one it names must not be among them.
  // A deleted document is not trained at all.
  const todo = new Map<number, TrainRun>();
  for (const run of runs) {
    const doc = docs.get(run.data.documentId);
    if (!doc) continue;
    const kept = todo.get(doc.id);
    if (!kept || run.id === doc.jobId || kept.id !== doc.jobId) todo.set(doc.id, run);
  }
  if (!todo.size) return [];
  await markDocumentsTraining(db, [...todo.values()].map((r) => ({ id: r.data.documentId, jobId: r.id })));

  const fileIds = [...docs.values()].flatMap((d) => (d.fileId ? [d.fileId] : []));
  const stored = new Map(fileIds.length ? (await db.select().from(files).where(inArray(files.id, fileIds))).map((f) => [f.id, f]) : []);
  const limit = pLimit(PARSE_AT_ONCE);
  const parsed: Parsed[] = await Promise.all([...todo.values()].map((run) => limit(async () => {
    const doc = docs.get(run.data.documentId)!;
    try {
      const chunks = await chunksOf(deps, doc, doc.fileId ? stored.get(doc.fileId) : undefined);
      if (!chunks.length) throw new ParseError(MSG.kbNoChunks);
      return { run, doc, chunks };
    } catch (err) {
      return { run, doc, err };
    }
  })));

  // The index: one transaction per base for the whole batch.
  const byBase = new Map<number, Parsed[]>();
  for (const p of parsed) if (!p.err) byBase.set(p.doc.kbId, [...(byBase.get(p.doc.kbId) ?? []), p]);
  for (const [kbId, list] of byBase) await indexBase(db, kbId, list);
  for (const p of parsed) {
    if (p.err || p.overtaken) continue;
    try {
      await embedDocument(deps, p.doc.id);
    } catch (err) {
      p.err = err;
    }
  }
  const ready = parsed.filter((p) => !p.err && !p.overtaken);
  await markDocumentsReady(db, ready.map((p) => ({
    id: p.doc.id, kbId: p.doc.kbId, jobId: p.run.id, chunkCount: p.chunks!.length,
    charCount: p.chunks!.reduce((n, c) => n + c.question.length + c.content.length, 0),
  })));
  // PostgreSQL's autovacuum keeps its statistics; the embedded database has none. Best effort: the documents are trained.
  if (deps.dbKind === 'pglite') {
    await analyzeIfGrown(db, ready.reduce((n, p) => n + p.chunks!.length, 0))
      .catch((err: unknown) => log.warn({ err }, 'analysing the knowledge tables failed'));
  }
  return settleFailures(db, log, parsed.filter((p) => p.err));
}

/**
 * Writes a base's share of the batch in one transaction; if that fails, each document again on
 * its own, so only the one at fault (a deleted document, text the database refuses) fails.
 */
async function indexBase(db: Db, kbId: number, list: Parsed[]) {
  const write = async (some: Parsed[]) => {
    const written = new Set(await replaceDocumentsChunks(db, kbId, some.map((p) => ({ doc: p.doc, chunks: p.chunks!, jobId: p.run.id }))));
    for (const p of some) p.overtaken = !written.has(p.doc.id);
  };
  try {
    await write(list);
  } catch (err) {
    if (list.length === 1) {
      list[0]!.err = err;
      return;
    }
    for (const p of list) await write([p]).catch((e: unknown) => { p.err = e; });
  }
}

/** A batch of one, thrown at when it should be retried (tests and callers outside the queue). */
export async function trainDocument(deps: Deps, log: FastifyBaseLogger, run: TrainRun) {
  const [retry] = await trainDocuments(deps, log, [run]);
  if (retry) throw retry.err;
}

async function settleFailures(db: Db, log: FastifyBaseLogger, failed: Parsed[]) {
  const retry: { run: TrainRun; err: unknown }[] = [];
  for (const { run, doc, err } of failed) {
    if (isFinal(err)) {
      // The parse worker's own failures (killed for memory or time, crashed) carry why, for the operator.
      if ((err as Error).cause) log.warn({ err, document: doc.id }, 'knowledge document refused by the parse worker');
      await updateDocument(db, doc.id, { status: 'failed', progress: 0, error: (err as Error).message }, run.id);
      continue;
    }
    log.warn({ err, document: doc.id, retry: run.retryCount }, 'knowledge training failed');
    const last = run.retryCount >= run.retryLimit;
    await updateDocument(db, doc.id, last ? { status: 'failed', progress: 0, error: MSG.kbJobGaveUp } : { status: 'queued', progress: 0 }, run.id);
    if (!last) retry.push({ run, err });
  }
  return retry;
}

type StoredFile = typeof files.$inferSelect;

async function chunksOf(deps: Deps, doc: DocumentRow, file: StoredFile | undefined): Promise<ChunkInput[]> {
  if (doc.type === 'qa') return qaChunks(doc.fileId ? await withFile(deps, file, (tmp, name) => parseQaFile(tmp, name)) : doc.qa);
  let parsed: ParsedDoc;
  if (doc.type === 'url') {
    parsed = await fetchWebPage(deps, doc.url);
    // The page's own title names the document once it is read.
    if (parsed.title?.trim()) await updateDocument(deps.db, doc.id, { name: parsed.title.trim().slice(0, 200) });
  } else {
    parsed = await withFile(deps, file, (tmp, name) => parseDocument(tmp, name));
  }
  return chunkText(parsed).map((c) => ({ heading: c.heading, question: '', content: c.content }));
}

const qaChunks = (pairs: QaPair[]): ChunkInput[] => pairs.map((p) => ({ heading: '', question: p.question, content: p.answer }));

/**
 * Hands the document's stored file to a parser: plain text on this node's disk where it lies,
 * anything else as a temporary copy named with its extension, as the converters expect (and S3
 * has no path), removed afterwards.
 */
async function withFile<T>(deps: Deps, file: StoredFile | undefined, read: (path: string, name: string) => Promise<T>): Promise<T> {
  if (!file) throw new ParseError(MSG.kbFileRequired);
  const local = readInProcess(file.name) ? await deps.storage.localPath?.(file.key) : null;
  if (local) return read(local, file.name);
  const stored = await deps.storage.get(file.key);
  if (!stored) throw new ParseError(MSG.kbFileRequired);
  return withTempFile(deps.config.DATA_DIR, path.extname(file.name), stored.body, (tmp) => read(tmp, file.name));
}
