import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.ts';
import { idList, searchableDocument, type Hit } from './keyword-search.ts';

/**
 * Chunk embeddings live in a table made at boot only where pgvector exists (always on the
 * embedded database; a PostgreSQL server may lack it, as Debian's does). Without it, retrieval is
 * keyword-only and the admin sees why. Vectors of any dimension are stored (the model decides);
 * each dimension in use gets its own HNSW index (see `dimensionIndex`), so the vector leg is an
 * index scan rather than a comparison with every embedded chunk.
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

/**
 * An HNSW index needs a fixed dimension, and the column holds any: one partial expression index
 * per dimension, made when the first vector of that dimension is stored. pgvector indexes `vector`
 * up to 2 000 dimensions and `halfvec` up to 4 000; a larger model's vectors are compared exactly.
 * The dimension is written into the SQL as a literal: the planner matches a partial index only to
 * a query whose predicate it can prove, which a bound parameter of a reused plan is not.
 */
function dimensionIndex(dims: number): { name: string; cast: SQL; predicate: SQL } | null {
  if (!Number.isInteger(dims) || dims < 1 || dims > 4000) return null;
  const type = dims <= 2000 ? 'vector' : 'halfvec';
  return {
    name: `knowledge_embeddings_hnsw_${dims}`,
    cast: sql.raw(`${type}(${dims})`),
    predicate: sql.raw(`vector_dims(embedding) = ${dims}`),
  };
}

const indexedDims = new WeakMap<Db, Set<number>>();

async function ensureDimensionIndex(db: Db, dims: number) {
  const done = indexedDims.get(db) ?? new Set<number>();
  indexedDims.set(db, done);
  const index = dimensionIndex(dims);
  if (!index || done.has(dims)) return;
  const ops = sql.raw(dims <= 2000 ? 'vector_cosine_ops' : 'halfvec_cosine_ops');
  await db.execute(sql`create index if not exists ${sql.identifier(index.name)} on knowledge_embeddings
    using hnsw ((embedding::${index.cast}) ${ops}) where ${index.predicate}`);
  done.add(dims);
}

export async function storeEmbeddings(db: Db, rows: { chunkId: number; kbId: number; model: string; embedding: number[] }[]) {
  for (const dims of new Set(rows.map((r) => r.embedding.length))) await ensureDimensionIndex(db, dims);
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

/** How many of the bases' chunks `model` embedded, counting no further than `upTo`. */
async function embeddedCount(db: Db, kbIds: number[], model: string, upTo: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from (select 1 from knowledge_embeddings where kb_id in ${idList(kbIds)} and model = ${model} limit ${upTo}) x`);
  return row?.n ?? 0;
}

type NearestRow = { id: number; document_id: number; kb_id: number; heading: string; question: string; content: string; name: string; distance: number };

/**
 * The statement of the vector leg. Through the index, the distance is taken on the cast the index
 * holds, so the planner can walk the graph in distance order, the filters on base, model and
 * document applying as it goes. `exact` compares every embedded chunk of the bases instead.
 */
export function nearestChunks(kbIds: number[], model: string, query: number[], limit: number, exact = false): SQL {
  const index = exact ? null : dimensionIndex(query.length);
  const distance = index
    ? sql`(e.embedding::${index.cast}) <=> ${literal(query)}::${index.cast}`
    : sql`e.embedding <=> ${literal(query)}::vector`;
  const sameDims = index ? sql.raw(`vector_dims(e.embedding) = ${query.length}`) : sql`vector_dims(e.embedding) = ${query.length}`;
  return sql`
    select c.id, c.document_id, c.kb_id, c.heading, c.question, c.content, d.name, (${distance})::float8 as distance
    from knowledge_embeddings e
    join knowledge_chunks c on c.id = e.chunk_id
    join knowledge_documents d on d.id = c.document_id
    where e.kb_id in ${idList(kbIds)} and e.model = ${model} and ${sameDims} and ${searchableDocument('d')}
    order by ${distance}
    limit ${limit}`;
}

/** Up to this many embedded chunks, the bases' own are compared exactly: exact, and as fast as a graph walk at that size. */
const EXACT_UP_TO = 2000;

/**
 * The chunks nearest to a query vector by cosine distance, among the given bases' chunks embedded by
 * `model` (of searchable documents). Past EXACT_UP_TO (counted through the base index, and no
 * further), HNSW walks the nearest of the whole table while the filters keep the robot's own; its
 * iterative scan goes on past the first candidates until enough pass, in a relaxed order sorted
 * again here. Should it stop short (pgvector bounds the walk), the exact comparison answers.
 */
export async function vectorSearch(db: Db, kbIds: number[], model: string, query: number[], limit: number): Promise<Hit[]> {
  if (!kbIds.length) return [];
  const exact = () => queryRows<NearestRow>(db, nearestChunks(kbIds, model, query, limit, true));
  let rows: NearestRow[] = [];
  if (dimensionIndex(query.length) && (await embeddedCount(db, kbIds, model, EXACT_UP_TO + 1)) > EXACT_UP_TO) {
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
      // A wider walk than pgvector's default 40: the nearest chunk must not be missed for a few
      // milliseconds (a missed nearest was seen at 2 500 chunks with 40).
      await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.min(1000, Math.max(100, 4 * limit))}`));
      // The count above chose the graph walk; the planner's statistics may be older than the base
      // (the embedded database never analyses on its own) and pick the base index and a sort.
      await tx.execute(sql`set local enable_sort = off`);
      return queryRows<NearestRow>(tx as unknown as Db, nearestChunks(kbIds, model, query, limit));
    });
  }
  if (rows.length < limit) rows = await exact();
  rows.sort((a, b) => a.distance - b.distance || a.id - b.id);
  return rows.map((r) => ({
    chunkId: r.id, documentId: r.document_id, documentName: r.name, kbId: r.kb_id,
    heading: r.heading, question: r.question, content: r.content, score: 1 - Number(r.distance),
  }));
}
