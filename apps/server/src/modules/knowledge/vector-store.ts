import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.ts';
import { idList, searchableDocument, type Hit } from './keyword-search.ts';

/**
 * Chunk embeddings live in a table made at boot only where pgvector exists (always on the
 * embedded database; a PostgreSQL server may lack it, as Debian's does). Without it, retrieval is
 * keyword-only and the admin sees why. No ANN index: vectors of any dimension are stored (the
 * model decides), and a search compares only the chunks of the robot's own bases.
 */
const support = new WeakMap<Db, boolean>();

export async function ensureVectorStore(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await db.execute(sql`create extension if not exists vector`);
    await db.execute(sql`
      create table if not exists knowledge_embeddings (
        chunk_id integer primary key references knowledge_chunks(id) on delete cascade,
        kb_id integer not null,
        model text not null,
        embedding vector not null
      )`);
    await db.execute(sql`create index if not exists knowledge_embeddings_kb_idx on knowledge_embeddings (kb_id, model)`);
    support.set(db, true);
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'pgvector is not available: knowledge retrieval is keyword-only');
    support.set(db, false);
  }
  return support.get(db)!;
}

export const hasVectorStore = (db: Db) => support.get(db) === true;

const literal = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;

/** Rows per statement: a few megabytes of vectors at the most. */
const STORE_BATCH = 100;

export async function storeEmbeddings(db: Db, rows: { chunkId: number; kbId: number; model: string; embedding: number[] }[]) {
  for (let i = 0; i < rows.length; i += STORE_BATCH) {
    const batch = rows.slice(i, i + STORE_BATCH).map((r) => ({ chunk_id: r.chunkId, kb_id: r.kbId, model: r.model, embedding: literal(r.embedding) }));
    await db.execute(sql`
      insert into knowledge_embeddings (chunk_id, kb_id, model, embedding)
      select v.chunk_id, v.kb_id, v.model, v.embedding::vector
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(chunk_id int, kb_id int, model text, embedding text)
      on conflict (chunk_id) do update set model = excluded.model, embedding = excluded.embedding, kb_id = excluded.kb_id`);
  }
}

export async function dropEmbedding(db: Db, chunkId: number) {
  if (hasVectorStore(db)) await db.execute(sql`delete from knowledge_embeddings where chunk_id = ${chunkId}`);
}

/** The chunks nearest to a query vector by cosine distance, among the given bases' chunks embedded by `model` (of searchable documents). */
export async function vectorSearch(db: Db, kbIds: number[], model: string, query: number[], limit: number): Promise<Hit[]> {
  if (!kbIds.length) return [];
  const rows = await queryRows<{
    id: number; document_id: number; kb_id: number; heading: string; question: string; content: string; name: string; distance: number;
  }>(db, sql`
    select c.id, c.document_id, c.kb_id, c.heading, c.question, c.content, d.name, (e.embedding <=> ${literal(query)}::vector)::float8 as distance
    from knowledge_embeddings e
    join knowledge_chunks c on c.id = e.chunk_id
    join knowledge_documents d on d.id = c.document_id
    where e.kb_id in ${idList(kbIds)} and e.model = ${model} and vector_dims(e.embedding) = ${query.length} and ${searchableDocument('d')}
    order by distance, c.id
    limit ${limit}`);
  return rows.map((r) => ({
    chunkId: r.id, documentId: r.document_id, documentName: r.name, kbId: r.kb_id,
    heading: r.heading, question: r.question, content: r.content, score: 1 - Number(r.distance),
  }));
}
