import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeBases, knowledgeChunks } from '../../db/schema/knowledge.ts';
import { searchTermsWith, tsvectorOf } from '../../ai/search-terms.ts';
import { indexTerms } from './base-index.ts';
import { searchableDocument } from './keyword-search.ts';
import { markDocumentsChanged } from './index-log.repo.ts';

export interface ChunkInput { heading: string; question: string; content: string }

/** The text a chunk is found by (keywords and embeddings): its heading path, its question (Q&A) and its content. */
export const indexedText = (c: ChunkInput) => [c.heading, c.question, c.content].filter(Boolean).join('\n');

/**
 * Index writes of one knowledge base run one at a time (the base's row is locked): the term
 * statistics of two documents trained together stay exact, and upserts never deadlock.
 */
async function lockBase(tx: Db, kbId: number) {
  await tx.select({ id: knowledgeBases.id }).from(knowledgeBases).where(eq(knowledgeBases.id, kbId)).for('update');
}

/** Adds (+1) or removes (-1) the chunks matched by `where` (on alias c) from the base's BM25 statistics. */
async function applyStats(tx: Db, kbId: number, where: SQL, sign: 1 | -1) {
  const perTerm = sql`select u.lexeme as term, count(*)::int as n from knowledge_chunks c, unnest(c.tsv) as u where ${where} group by u.lexeme`;
  if (sign > 0) {
    await tx.execute(sql`
      insert into knowledge_terms (kb_id, term, df)
      select ${kbId}, x.term, x.n from (${perTerm}) x order by x.term
      on conflict (kb_id, term) do update set df = knowledge_terms.df + excluded.df`);
  } else {
    await tx.execute(sql`update knowledge_terms t set df = t.df - x.n from (${perTerm}) x where t.kb_id = ${kbId} and t.term = x.term`);
    await tx.execute(sql`delete from knowledge_terms where kb_id = ${kbId} and df <= 0`);
  }
  await tx.execute(sql`
    update knowledge_bases b set
      chunk_count = b.chunk_count + ${sign} * x.n,
      term_total = b.term_total + ${sign} * x.total,
      updated_at = now()
    from (select count(*)::int as n, coalesce(sum(c.term_count), 0)::bigint as total from knowledge_chunks c where ${where}) x
    where b.id = ${kbId}`);
}

/**
 * What a chunk is indexed by: the SQL search's tsvector and the in-process index's words, from
 * one segmentation (the words are the first part of searchTerms).
 */
export function indexedFields(c: ChunkInput) {
  const text = indexedText(c);
  const words = indexTerms(text);
  const { literal, count: termCount } = tsvectorOf(text, searchTermsWith(() => [...words]));
  return { tsv: literal, termCount, indexTerms: words.join(' ') };
}

const rowsOf = (doc: { id: number; kbId: number; groupId: number }, chunks: ChunkInput[]) =>
  chunks.map((c, seq) => ({ documentId: doc.id, kbId: doc.kbId, groupId: doc.groupId, seq, ...c, ...indexedFields(c) }));

const INSERT_BATCH = 500;

/**
 * Replaces a document's chunks in one transaction: training it again (retry, a worker that
 * resumed) leaves exactly one copy, never old and new side by side.
 */
export async function replaceDocumentChunks(db: Db, doc: { id: number; kbId: number; groupId: number }, chunks: ChunkInput[]) {
  const rows = rowsOf(doc, chunks);
  await db.transaction(async (tx) => {
    await lockBase(tx, doc.kbId);
    const mine = sql`c.document_id = ${doc.id}`;
    await applyStats(tx, doc.kbId, mine, -1);
    await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, doc.id));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(knowledgeChunks).values(rows.slice(i, i + INSERT_BATCH));
    await applyStats(tx, doc.kbId, mine, 1);
    await markDocumentsChanged(tx, [doc.id], doc.kbId);
  });
}

/** Takes documents' chunks out of the statistics before the documents are deleted (their chunks cascade). */
export async function forgetDocumentChunks(tx: Db, kbId: number, documentIds: number[]) {
  if (!documentIds.length) return;
  await lockBase(tx, kbId);
  await applyStats(tx, kbId, sql`c.document_id in (${sql.join(documentIds.map((id) => sql`${id}`), sql`, `)})`, -1);
  await tx.delete(knowledgeChunks).where(sql`${knowledgeChunks.documentId} in (${sql.join(documentIds.map((id) => sql`${id}`), sql`, `)})`);
  await markDocumentsChanged(tx, documentIds, kbId);
}

/** A chunk edited by hand: re-indexed at once, and kept as written. */
export async function rewriteChunk(db: Db, chunk: { id: number; kbId: number }, input: { content: string; question?: string | undefined }) {
  return db.transaction(async (tx) => {
    await lockBase(tx, chunk.kbId);
    const one = sql`c.id = ${chunk.id}`;
    await applyStats(tx, chunk.kbId, one, -1);
    const [current] = await tx.select().from(knowledgeChunks).where(eq(knowledgeChunks.id, chunk.id));
    const next = { heading: current!.heading, question: input.question ?? current!.question, content: input.content };
    const [row] = await tx.update(knowledgeChunks)
      .set({ question: next.question, content: next.content, ...indexedFields(next), edited: true, updatedAt: sql`now()` })
      .where(eq(knowledgeChunks.id, chunk.id)).returning();
    await applyStats(tx, chunk.kbId, one, 1);
    await markDocumentsChanged(tx, [row!.documentId], chunk.kbId);
    return row!;
  });
}

/** A document's chunks as retrieval sees them: none while it is failed or before its first training ends (searchableDocument). */
export async function listChunks(db: Db, documentId: number, offset: number, limit: number) {
  const where = and(
    eq(knowledgeChunks.documentId, documentId),
    sql`exists (select 1 from knowledge_documents d where d.id = ${knowledgeChunks.documentId} and ${searchableDocument('d')})`,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(knowledgeChunks).where(where).orderBy(asc(knowledgeChunks.seq)).limit(limit).offset(offset),
    db.select({ n: count() }).from(knowledgeChunks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findChunk(db: Db, id: number, groupId: number) {
  const [row] = await db.select().from(knowledgeChunks).where(and(eq(knowledgeChunks.id, id), eq(knowledgeChunks.groupId, groupId)));
  return row;
}
