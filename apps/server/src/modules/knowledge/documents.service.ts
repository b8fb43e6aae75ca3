import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { MSG } from '@xueban/contract/messages';
import {
  KNOWLEDGE_FILE_EXTENSIONS, QA_FILE_EXTENSIONS, type HitTestItem, type HitTestRewritten, type TrainingBody,
} from '@xueban/contract/knowledge';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../types.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { knowledgeDocuments } from '../../db/schema/knowledge.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { markDocumentsChanged } from './index-log.repo.ts';
import { findChunk, forgetDocumentChunks, listChunks, replaceDocumentChunks, rewriteChunk } from './chunks.repo.ts';
import {
  chunkItem, documentItem, documentsByIds, findDocument, listDocuments, trainingState, updateDocument, type DocumentRow,
} from './documents.repo.ts';
import { requireBase } from './knowledge.service.ts';
import { queueTraining } from './training.worker.ts';
import { reembedChunk } from './embedding-index.ts';
import { searchKnowledge } from './retrieval.ts';
import { resolveRewriter } from './retrieval-models.ts';
import { rewriteQuestion } from '../../ai/query-rewrite.ts';

type NewDocument = Omit<typeof knowledgeDocuments.$inferInsert, 'kbId' | 'groupId' | 'creatorId'>;

const extOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** Files of the caller's organisation; a foreign or unknown id is 404, a type the base cannot read 400. */
async function ownFiles(db: Db, me: AuthContext, ids: number[], allowed: readonly string[], typeMsg: string) {
  const rows = await db.select().from(files).where(and(eq(files.groupId, me.groupId), inArray(files.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound(MSG.notFound);
  for (const f of rows) if (!allowed.includes(extOf(f.name))) throw badRequest(typeMsg);
  return ids.map((id) => rows.find((f) => f.id === id)!);
}

async function newDocuments(db: Db, me: AuthContext, body: TrainingBody): Promise<NewDocument[]> {
  switch (body.type) {
    case 'file':
      return (await ownFiles(db, me, body.file_ids, KNOWLEDGE_FILE_EXTENSIONS, MSG.kbFileType))
        .map((f) => ({ type: 'file' as const, name: f.name, fileId: f.id }));
    case 'url':
      return [{ type: 'url', name: body.url, url: body.url }];
    case 'qa': {
      const docs: NewDocument[] = [];
      if (body.qa?.length) docs.push({ type: 'qa', name: body.name || `问答对（${body.qa.length}组）`, qa: body.qa });
      if (body.file_id) {
        const [f] = await ownFiles(db, me, [body.file_id], QA_FILE_EXTENSIONS, MSG.kbQaFileType);
        docs.push({ type: 'qa', name: f!.name, fileId: f!.id });
      }
      return docs;
    }
  }
}

/** knowledge/training: new documents, all queued for training at once. */
export async function requestTraining(db: Db, queue: PgBoss, me: AuthContext, body: TrainingBody) {
  const base = await requireBase(db, me, body.repository_id);
  const docs = await saveDocuments(db, me, base.id, await newDocuments(db, me, body));
  await queueTraining(queue, docs);
  return docs.map(documentItem);
}

/** What makes an imported document the same as one the base holds (see saveDocuments); none for typed pairs. */
const sameKey = (d: { type: string; name: string; url?: string | null; fileId?: number | null }) =>
  d.type === 'url' ? `url ${d.url}` : d.fileId ? `${d.type} file ${d.name}` : null;

/**
 * The same file name (or the same web address) imported again into a base is a new version of
 * that document, not a second copy: it is trained again and its chunks are replaced. Typed
 * question-answer pairs are always a new document. Each document carries the id of the training
 * job about to be queued for it. New documents are written in one statement, so a call of twenty
 * files costs no more than one.
 */
async function saveDocuments(db: Db, me: AuthContext, kbId: number, wanted: NewDocument[]): Promise<DocumentRow[]> {
  const withJobs = wanted.map((d) => ({ ...d, jobId: randomUUID() }));
  // Within one call the last of the same name wins, as if the files had been sent one after the other.
  const latest = new Map<string, (typeof withJobs)[number]>();
  const fresh: (typeof withJobs)[number][] = [];
  for (const d of withJobs) {
    const k = sameKey(d);
    if (k) latest.set(k, d);
    else fresh.push(d);
  }
  const named = [...latest.values()];
  const held = named.length ? await db.select({ id: knowledgeDocuments.id, type: knowledgeDocuments.type, name: knowledgeDocuments.name, url: knowledgeDocuments.url, fileId: knowledgeDocuments.fileId })
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.kbId, kbId), or(
      inArray(knowledgeDocuments.name, named.map((d) => d.name)),
      inArray(knowledgeDocuments.url, named.filter((d) => d.type === 'url').map((d) => d.url!)),
    ))) : [];
  const heldIds = new Map(held.flatMap((h) => { const k = sameKey(h); return k && latest.has(k) ? [[k, h.id] as const] : []; }));
  const again: DocumentRow[] = [];
  for (const [k, d] of latest) {
    const id = heldIds.get(k);
    if (id === undefined) {
      fresh.push(d);
      continue;
    }
    const [row] = await db.update(knowledgeDocuments)
      .set({ ...d, status: 'queued', progress: 0, error: '', updatedAt: sql`now()` }).where(eq(knowledgeDocuments.id, id)).returning();
    // Deleted since it was found: a new document, then.
    if (row) again.push(row);
    else fresh.push(d);
  }
  await markDocumentsChanged(db, again.map((r) => r.id), kbId);
  const added = fresh.length
    ? await db.insert(knowledgeDocuments).values(fresh.map((d) => ({ ...d, kbId, groupId: me.groupId, creatorId: me.userId }))).returning()
    : [];
  // In the order asked for.
  const byJob = new Map([...again, ...added].map((r) => [r.jobId, r]));
  return withJobs.flatMap((d) => { const r = byJob.get(d.jobId); return r ? [r] : []; });
}

/**
 * A question-answer document indexed at once, without the queue (the first start's demo
 * knowledge): chunked and searchable by keywords as soon as this returns, ready like a trained
 * one (a retry trains it again from its pairs). No embedding: the vector index fills in when a
 * model is set up and the document is trained again.
 */
export async function addReadyQaDocument(db: Db, me: AuthContext, kbId: number, name: string, qa: { question: string; answer: string }[]) {
  const base = await requireBase(db, me, kbId);
  const [doc] = await db.insert(knowledgeDocuments)
    .values({ type: 'qa', name, qa, kbId: base.id, groupId: me.groupId, creatorId: me.userId, status: 'training' }).returning();
  const chunks = qa.map((p) => ({ heading: '', question: p.question, content: p.answer }));
  await replaceDocumentChunks(db, doc!, chunks);
  const charCount = chunks.reduce((n, c) => n + c.question.length + c.content.length, 0);
  await updateDocument(db, doc!.id, { status: 'ready', progress: 100, chunkCount: chunks.length, charCount, attempts: sql`1` });
  return documentItem({ ...doc!, status: 'ready', progress: 100, chunkCount: chunks.length, charCount });
}

export async function trainList(db: Db, me: AuthContext, q: PageParams & { repository_id: number; status?: DocumentRow['status'] | undefined; keyword?: string | undefined }) {
  await requireBase(db, me, q.repository_id);
  const { offset, limit } = resolvePage(q);
  const { rows, total } = await listDocuments(db, q.repository_id, { status: q.status, keyword: q.keyword, offset, limit });
  return pageOf(q, total, rows.map(documentItem));
}

export async function trainingTasks(db: Db, me: AuthContext, repositoryId: number) {
  await requireBase(db, me, repositoryId);
  return trainingState(db, repositoryId);
}

/** knowledge/deltrain: documents and their chunks go; ids of another organisation are 404. */
export async function deleteDocuments(db: Db, me: AuthContext | 'superAdmin', ids: number[]) {
  const docs = await documentsByIds(db, me === 'superAdmin' ? null : me.groupId, ids);
  if (docs.length !== new Set(ids).size) throw notFound(MSG.kbDocNotFound);
  const byBase = new Map<number, DocumentRow[]>();
  for (const d of docs) byBase.set(d.kbId, [...(byBase.get(d.kbId) ?? []), d]);
  await db.transaction(async (tx) => {
    for (const [kbId, list] of byBase) {
      const docIds = list.map((d) => d.id);
      await forgetDocumentChunks(tx, kbId, docIds);
      await tx.delete(knowledgeDocuments).where(inArray(knowledgeDocuments.id, docIds));
    }
  });
}

/**
 * retrytrain (files and pages) and retryqatrain (Q&A): a failed document is queued again. The
 * status flip is conditional, so two clicks queue it once.
 */
export async function retryDocument(db: Db, queue: PgBoss, me: AuthContext, id: number, kind: 'doc' | 'qa') {
  const doc = await findDocument(db, id, me.groupId);
  if (!doc || (kind === 'qa') !== (doc.type === 'qa')) throw notFound(MSG.kbDocNotFound);
  const [flipped] = await db.update(knowledgeDocuments)
    .set({ status: 'queued', progress: 0, error: '', jobId: randomUUID(), updatedAt: sql`now()` })
    .where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.status, 'failed'))).returning();
  if (!flipped) throw badRequest(MSG.kbOnlyFailedRetry);
  await markDocumentsChanged(db, [flipped.id], flipped.kbId);
  await queueTraining(queue, [flipped]);
  return documentItem(flipped);
}

export async function documentChunks(db: Db, me: AuthContext, q: PageParams & { document_id: number }) {
  const doc = await findDocument(db, q.document_id, me.groupId);
  if (!doc) throw notFound(MSG.kbDocNotFound);
  const { offset, limit } = resolvePage(q);
  const { rows, total } = await listChunks(db, doc.id, offset, limit);
  return pageOf(q, total, rows.map(chunkItem));
}

/** knowledge/edittrain: a chunk rewritten by hand is re-indexed at once. */
export async function editChunk(deps: Deps, log: FastifyBaseLogger, me: AuthContext, body: { id: number; content: string; question?: string | undefined }) {
  const chunk = await findChunk(deps.db, body.id, me.groupId);
  if (!chunk) throw notFound(MSG.kbChunkNotFound);
  const row = await rewriteChunk(deps.db, chunk, body);
  await reembedChunk(deps, row, log);
  return chunkItem(row);
}

/**
 * 命中测试: what a question retrieves from one knowledge base, scored as the chat would rank it.
 * With rewrite, the question is first restated by the 问题改写 model as the chat does (alone: the
 * hit test has no conversation), and the answer says how beside the hits; without, the plain list
 * of hits, as clients before the rewrite know it.
 */
export async function hitTest(
  deps: Deps, me: AuthContext, q: { repository_id: number; query: string; limit: number; rewrite: number },
): Promise<HitTestItem[] | HitTestRewritten> {
  await requireBase(deps.db, me, q.repository_id);
  let search = q.query;
  if (q.rewrite) {
    const rewriter = await resolveRewriter(deps);
    if (!rewriter) throw badRequest(MSG.kbRewriteUnavailable);
    search = await rewriteQuestion(rewriter, [], q.query);
  }
  const { hits: found } = await searchKnowledge(deps, [q.repository_id], search, q.limit);
  const hits = found.map((h) => ({
    chunk_id: h.chunkId, document_id: h.documentId, document_name: h.documentName, repository_id: h.kbId,
    heading: h.heading, question: h.question, content: h.content, score: Number(h.score.toFixed(4)),
  }));
  return q.rewrite ? { query: q.query, rewritten: search, hits } : hits;
}
