import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { knowledgeBases, knowledgeChunks, knowledgeDocuments } from '../../db/schema/knowledge.ts';
import { textTerms, type TextTerms } from '../../ai/text-terms.ts';
import { textTermsOf } from '../../ai/text-terms-pool.ts';
import { searchableDocument } from './keyword-search.ts';
import { markDocumentsChanged } from './index-log.repo.ts';

export interface ChunkInput { heading: string; question: string; content: string }
type DocRef = { id: number; kbId: number; groupId: number };

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
 * What a chunk is indexed by: its words (segment.ts), once, for both searches: the in-process
 * index's posting lists (index_terms) and the SQL search's tsvector, which answers while an
 * index loads. The same terms make the two rank alike, and keep the tsvector and its GIN index
 * to the words (the Han characters and pairs it once held tripled both, and cost the ranking on
 * the long evaluation set: docs/benchmarks.md "Two evaluation sets").
 */
const fieldsOf = (t: TextTerms) => ({ tsv: t.tsv, termCount: t.termCount, indexTerms: t.words });

export const indexedFields = (c: ChunkInput) => fieldsOf(textTerms(indexedText(c)));

/** Lone surrogates (text cut mid-character by a parser) and NUL: neither JSON nor PostgreSQL's text can carry them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\0', '');

/** Rows of documents' chunks, segmented off the main thread when there are many (text-terms-pool.ts). */
async function rowsOf(docs: { doc: DocRef; chunks: ChunkInput[] }[]) {
  const all = docs.flatMap(({ doc, chunks }) => chunks.map((c, seq) => ({
    doc, seq, c: { heading: storable(c.heading), question: storable(c.question), content: storable(c.content) },
  })));
  const segmented = await textTermsOf(all.map(({ c }) => indexedText(c)));
  return all.map(({ doc, c, seq }, i) => ({
    document_id: doc.id, kb_id: doc.kbId, group_id: doc.groupId, seq, heading: c.heading, question: c.question, content: c.content,
    tsv: segmented[i]!.tsv, term_count: segmented[i]!.termCount, index_terms: segmented[i]!.words,
  }));
}

/** Chunks in one statement with one parameter (a JSON array): a row per chunk costs the database less than fifteen parameters each. */
async function insertChunks(tx: Db, rows: Awaited<ReturnType<typeof rowsOf>>) {
  await tx.execute(sql`
    insert into knowledge_chunks (document_id, kb_id, group_id, seq, heading, question, content, tsv, term_count, index_terms)
    select document_id, kb_id, group_id, seq, heading, question, content, tsv::tsvector, term_count, index_terms
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(document_id int, kb_id int, group_id int, seq int, heading text, question text, content text, tsv text, term_count int, index_terms text)`);
}

/** Chunks per insert: a big document's JSON parameter stays a few megabytes. */
const INSERT_BATCH = 500;

/** `document_id in (…)` on alias c. */
const documentsIn = (ids: number[]) => sql`c.document_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/**
 * Replaces documents' chunks (of one base) in one transaction: training them again (retry, a
 * worker that resumed) leaves exactly one copy, never old and new side by side. A batch of
 * documents costs the same few statements as one. A document given with the job that trains it
 * is written only if it still exists and that job is still its own: a training overtaken by a
 * newer import of the same file writes nothing. (A deletion takes the base lock first, so none
 * lands before the commit; a newer import that lands meanwhile is trained after it, under the same
 * lock, and replaces what this wrote.) Returns the ids of the documents written.
 */
export async function replaceDocumentsChunks(db: Db, kbId: number, docs: { doc: DocRef; chunks: ChunkInput[]; jobId?: string | undefined }[]) {
  if (!docs.length) return [];
  const rows = await rowsOf(docs);
  return db.transaction(async (tx) => {
    await lockBase(tx, kbId);
    const current = new Map((await tx.select({ id: knowledgeDocuments.id, jobId: knowledgeDocuments.jobId }).from(knowledgeDocuments)
      .where(inArray(knowledgeDocuments.id, docs.map((d) => d.doc.id)))).map((r) => [r.id, r.jobId]));
    const ids = docs.filter((d) => current.has(d.doc.id) && (d.jobId === undefined || current.get(d.doc.id) === d.jobId)).map((d) => d.doc.id);
    if (!ids.length) return [];
    const kept = new Set(ids);
    await applyStats(tx, kbId, documentsIn(ids), -1);
    await tx.delete(knowledgeChunks).where(inArray(knowledgeChunks.documentId, ids));
    const mine = rows.filter((r) => kept.has(r.document_id));
    for (let i = 0; i < mine.length; i += INSERT_BATCH) await insertChunks(tx, mine.slice(i, i + INSERT_BATCH));
    await applyStats(tx, kbId, documentsIn(ids), 1);
    await markDocumentsChanged(tx, ids, kbId);
    return ids;
  });
}

export const replaceDocumentChunks = async (db: Db, doc: DocRef, chunks: ChunkInput[]) => {
  await replaceDocumentsChunks(db, doc.kbId, [{ doc, chunks }]);
};

/** Chunks written since the knowledge tables were last analysed, per database, and how many more call for it. */
const sinceAnalyze = new WeakMap<Db, { written: number; threshold: number }>();
const MIN_ANALYZE_CHUNKS = 2_000;

/**
 * The embedded database runs no autovacuum, so its planner keeps the statistics of empty tables
 * and reads a large base badly (the SQL search a node answers with while its index loads took
 * seconds at 100 000 chunks instead of a few hundred ms). Training calls this with the chunks it
 * wrote; past 2 000 of them, or a tenth of the table (autovacuum's own rule), the knowledge tables
 * are analysed. The statistics are stored with the database, so a restart starts with them.
 */
export async function analyzeIfGrown(db: Db, written: number) {
  const s = sinceAnalyze.get(db) ?? { written: 0, threshold: MIN_ANALYZE_CHUNKS };
  sinceAnalyze.set(db, s);
  s.written += written;
  if (s.written < s.threshold) return;
  s.written = 0;
  await db.execute(sql`analyze knowledge_chunks, knowledge_documents, knowledge_terms, knowledge_index_log`);
  const [table] = await queryRows<{ rows: number }>(db, sql`select reltuples::int as rows from pg_class where relname = 'knowledge_chunks'`);
  s.threshold = Math.max(MIN_ANALYZE_CHUNKS, Math.round((table?.rows ?? 0) / 10));
}

/** Takes documents' chunks out of the statistics before the documents are deleted (their chunks cascade). */
export async function forgetDocumentChunks(tx: Db, kbId: number, documentIds: number[]) {
  if (!documentIds.length) return;
  await lockBase(tx, kbId);
  await applyStats(tx, kbId, documentsIn(documentIds), -1);
  await tx.delete(knowledgeChunks).where(inArray(knowledgeChunks.documentId, documentIds));
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
