import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { KnowledgeChunkItem, KnowledgeDocumentItem } from '@xueban/contract/knowledge';
import { queryRows, type Db } from '../../db/client.ts';
import type { knowledgeChunks} from '../../db/schema/knowledge.ts';
import { knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { files } from '../../db/schema/files.ts';
import { toSeconds } from '../../lib/time.ts';
import { containing } from '../../lib/like.ts';
import { markDocumentsChanged } from './index-log.repo.ts';

export type DocumentRow = typeof knowledgeDocuments.$inferSelect;
type DocumentPatch = Partial<Pick<DocumentRow, 'status' | 'progress' | 'error' | 'chunkCount' | 'charCount' | 'name' | 'jobId'>>;

export async function findDocument(db: Db, id: number, groupId: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.groupId, groupId)));
  return row;
}

/** For the worker: a job names a document by id alone (it was scoped when the job was sent). */
export async function documentById(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
  return row;
}

/** A change of these decides whether (status, chunk count) and as what (name) retrieval shows a document. */
const seenBySearch = (patch: DocumentPatch) => patch.status !== undefined || patch.name !== undefined || patch.chunkCount !== undefined;

/** `jobId`: only while the document is still that job's (a newer import of the same file has its own). */
export async function updateDocument(db: Db, id: number, patch: DocumentPatch & { attempts?: ReturnType<typeof sql> }, jobId?: string) {
  await db.update(knowledgeDocuments).set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(knowledgeDocuments.id, id), jobId === undefined ? undefined : eq(knowledgeDocuments.jobId, jobId)));
  // After the change committed: a reader seeing the new version reads the new row.
  if (seenBySearch(patch)) await markDocumentsChanged(db, [id]);
}

/**
 * Joins a batch's rows `v` (id, job) to their documents `d`, each only while the job that runs it
 * is still its own (null: any): a document imported again meanwhile has another job, and is left to it.
 */
const STILL_ITS_JOB = sql.raw('d.id = v.id and (v.job is null or d.job_id = v.job)');

/** A batch's documents show 训练中 (one more attempt), in one statement. */
export async function markDocumentsTraining(db: Db, docs: { id: number; jobId?: string | undefined }[]) {
  const values = JSON.stringify(docs.map((d) => ({ id: d.id, job: d.jobId ?? null })));
  await db.execute(sql`
    update knowledge_documents d set status = 'training', progress = 5, error = '', attempts = d.attempts + 1, updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id int, job text)
    where ${STILL_ITS_JOB}`);
}

/** Trained documents become ready with their counts, in one statement, then are marked changed for retrieval (per base). */
export async function markDocumentsReady(db: Db, docs: { id: number; kbId: number; jobId?: string | undefined; chunkCount: number; charCount: number }[]) {
  if (!docs.length) return;
  const values = JSON.stringify(docs.map((d) => ({ id: d.id, job: d.jobId ?? null, chunks: d.chunkCount, chars: d.charCount })));
  const updated = await queryRows<{ id: number; kb_id: number }>(db, sql`
    update knowledge_documents d set status = 'ready', progress = 100, error = '', chunk_count = v.chunks, char_count = v.chars, updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id int, job text, chunks int, chars int)
    where ${STILL_ITS_JOB}
    returning d.id, d.kb_id`);
  const byBase = new Map<number, number[]>();
  for (const d of updated) byBase.set(d.kb_id, [...(byBase.get(d.kb_id) ?? []), d.id]);
  for (const [kbId, ids] of byBase) await markDocumentsChanged(db, ids, kbId);
}

export async function listDocuments(db: Db, kbId: number, o: { status?: DocumentRow['status'] | undefined; keyword?: string | undefined; offset: number; limit: number }) {
  const where = and(
    eq(knowledgeDocuments.kbId, kbId),
    o.status ? eq(knowledgeDocuments.status, o.status) : undefined,
    o.keyword ? ilike(knowledgeDocuments.name, containing(o.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    // The stored file's key, so the list can open its preview.
    db.select({ doc: knowledgeDocuments, fileKey: files.key }).from(knowledgeDocuments).leftJoin(files, eq(files.id, knowledgeDocuments.fileId))
      .where(where).orderBy(desc(knowledgeDocuments.id)).limit(o.limit).offset(o.offset),
    db.select({ n: count() }).from(knowledgeDocuments).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.doc, fileKey: r.fileKey })), total: total?.n ?? 0 };
}

/** Documents by id within an organisation, or (null, the super admin) in any. */
export async function documentsByIds(db: Db, groupId: number | null, ids: number[]) {
  return db.select().from(knowledgeDocuments)
    .where(and(groupId === null ? undefined : eq(knowledgeDocuments.groupId, groupId), inArray(knowledgeDocuments.id, ids)));
}

/** The window training's pace is measured over. */
const PACE_SECONDS = 30;

/** Counts by status, and the documents not yet finished, for the training progress panel. */
export async function trainingState(db: Db, kbId: number) {
  const [counts, active, [pace]] = await Promise.all([
    db.select({ status: knowledgeDocuments.status, n: count() }).from(knowledgeDocuments).where(eq(knowledgeDocuments.kbId, kbId)).groupBy(knowledgeDocuments.status),
    db.select().from(knowledgeDocuments)
      .where(and(eq(knowledgeDocuments.kbId, kbId), inArray(knowledgeDocuments.status, ['queued', 'training'])))
      .orderBy(knowledgeDocuments.id).limit(50),
    db.select({ chunks: sql<number>`coalesce(sum(${knowledgeDocuments.chunkCount}), 0)::int` }).from(knowledgeDocuments)
      .where(and(eq(knowledgeDocuments.kbId, kbId), eq(knowledgeDocuments.status, 'ready'), sql`${knowledgeDocuments.updatedAt} > now() - interval '${sql.raw(String(PACE_SECONDS))} seconds'`)),
  ]);
  const by = Object.fromEntries(counts.map((c) => [c.status, c.n]));
  return {
    queued: by.queued ?? 0, training: by.training ?? 0, ready: by.ready ?? 0, failed: by.failed ?? 0,
    chunks_per_second: Math.round((Number(pace?.chunks ?? 0) / PACE_SECONDS) * 100) / 100, items: active.map(documentItem),
  };
}

export const documentItem = (d: DocumentRow & { fileKey?: string | null }): KnowledgeDocumentItem => ({
  id: d.id, repository_id: d.kbId, type: d.type, name: d.name, url: d.url, file_url: d.fileKey ? `/api/files/${d.fileKey}` : '', status: d.status, progress: d.progress,
  error: d.error, chunk_count: d.chunkCount, char_count: d.charCount, attempts: d.attempts,
  create_time: toSeconds(d.createdAt), update_time: toSeconds(d.updatedAt),
});

export const chunkItem = (c: typeof knowledgeChunks.$inferSelect): KnowledgeChunkItem => ({
  id: c.id, document_id: c.documentId, seq: c.seq, heading: c.heading, question: c.question, content: c.content, edited: c.edited,
});
