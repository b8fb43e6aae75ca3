import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { BaseIndex, indexTerms } from './base-index.ts';
import { rankChunks } from './rank-chunks.ts';
import { idList, searchableDocument, type Hit } from './keyword-search.ts';

/** Chunks read per query while an index loads; the event loop gets a turn between batches. */
const LOAD_BATCH = 2_000;
/** How long a search waits for a base's first load before answering from SQL instead. */
const FIRST_LOAD_WAIT_MS = 300;
/** A base larger than this cannot load within that wait: its first search goes to SQL at once. */
const WAIT_MAX_CHUNKS = 5_000;
/** Memory budget of all indexes of the process, in postings (about 10 bytes each with the maps). */
export const MAX_POSTINGS = Number(process.env.KNOWLEDGE_INDEX_MAX_POSTINGS ?? 30_000_000);

interface Entry {
  db: Db;
  kbId: number;
  /** Set only once the base is loaded whole: a half-loaded index is never searched. */
  index?: BaseIndex;
  loading?: Promise<BaseIndex>;
  /** Refreshes of one index run one after the other. */
  refreshing: Promise<void>;
  lastUsed: number;
}

const entries = new WeakMap<Db, Map<number, Entry>>();
/** Every loaded index of the process, for the memory budget (least recently used goes first). */
const loaded = new Set<Entry>();

function entryOf(db: Db, kbId: number): Entry {
  let byKb = entries.get(db);
  if (!byKb) entries.set(db, (byKb = new Map()));
  let e = byKb.get(kbId);
  if (!e) byKb.set(kbId, (e = { db, kbId, refreshing: Promise.resolve(), lastUsed: Date.now() }));
  return e;
}

type ChunkRow = { id: number; document_id: number; index_terms: string; heading: string | null; question: string | null; content: string | null };

/** A chunk into the index: by its stored terms, or (a row written before they were stored) by its text, segmented now. */
function put(index: BaseIndex, r: ChunkRow) {
  if (r.index_terms) index.addTerms(r.id, r.document_id, r.index_terms.split(' '));
  else index.add(r.id, r.document_id, [r.heading, r.question, r.content].filter(Boolean).join('\n'));
}

/** The text only for rows without stored terms: loading reads terms, not whole chunks. */
const CHUNK_FIELDS = sql.raw(`c.id, c.document_id, c.index_terms,
  case when c.index_terms = '' then c.heading end as heading,
  case when c.index_terms = '' then c.question end as question,
  case when c.index_terms = '' then c.content end as content`);

const sleep = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms).unref());

/** Searches answering from SQL while an index loads; a load waits for them between its batches. */
let answering = 0;
let resume: (() => void) | undefined;
let answered: Promise<void> | undefined;

/**
 * Runs a search from SQL ahead of the loads in progress: on PGlite every query waits its turn,
 * so a search queued behind each batch of a load would take seconds on a large base.
 */
export async function beforeLoads<T>(search: () => Promise<T>): Promise<T> {
  if (!answering++) answered = new Promise((r) => (resume = r));
  try {
    return await search();
  } finally {
    if (!--answering) resume?.();
  }
}

/** A load waits this long at most for the searches answering from SQL (so steady traffic cannot starve it). */
const YIELD_MAX_MS = 250;

/** The event loop's turn between two batches of a load, after the searches answering from SQL. */
const turn = async () => {
  await new Promise((r) => setImmediate(r));
  if (answering) await Promise.race([answered, sleep(YIELD_MAX_MS)]);
};

/**
 * Reads a base whole, about LOAD_BATCH chunks a query, through the chunks' (document_id, seq)
 * index: its searchable documents listed once with their chunk counts, then several small
 * documents a query, or a long one by its seq. Not a keyset over the base's chunk ids: without
 * fresh statistics PGlite planned that as a bitmap of the whole base per document on every batch
 * (236 s at 100 000 chunks). A query runs on the event loop's thread on PGlite, so none reads
 * more than a batch: searches meanwhile get their turn (from SQL). Changes made meanwhile carry
 * a version above the one read first, and are replayed by refresh.
 */
async function load(e: Entry): Promise<BaseIndex> {
  const [base] = await queryRows<{ group_id: number; index_version: number }>(e.db,
    sql`select group_id, index_version from knowledge_bases where id = ${e.kbId}`);
  const index = new BaseIndex(e.kbId, base?.group_id ?? 0);
  index.version = Number(base?.index_version ?? 0);
  const docs = await queryRows<{ id: number; n: number }>(e.db, sql`
    select d.id, (select count(*) from knowledge_chunks c where c.document_id = d.id)::int as n
    from knowledge_documents d where d.kb_id = ${e.kbId} and ${searchableDocument('d')} order by d.id`);
  for (let at = 0; at < docs.length;) {
    if (docs[at]!.n > LOAD_BATCH) {
      for (let after = -2_147_483_648; ;) {
        const rows = await queryRows<ChunkRow & { seq: number }>(e.db, sql`
          select ${CHUNK_FIELDS}, c.seq from knowledge_chunks c
          where c.document_id = ${docs[at]!.id} and c.seq > ${after} order by c.seq limit ${LOAD_BATCH}`);
        for (const r of rows) put(index, r);
        await turn();
        if (rows.length < LOAD_BATCH) break;
        after = rows.at(-1)!.seq;
      }
      at++;
      continue;
    }
    const batch: number[] = [];
    for (let chunks = 0; at < docs.length && chunks + docs[at]!.n <= LOAD_BATCH && batch.length < 1_000; at++) {
      if (docs[at]!.n) batch.push(docs[at]!.id);
      chunks += docs[at]!.n;
    }
    if (!batch.length) continue;
    const rows = await queryRows<ChunkRow>(e.db, sql`
      select ${CHUNK_FIELDS} from knowledge_chunks c where c.document_id in ${idList(batch)}`);
    for (const r of rows) put(index, r);
    await turn();
  }
  return index;
}

/** Replays the documents changed since the index's version: each is taken out and its current searchable chunks put back. */
async function refresh(e: Entry, index: BaseIndex) {
  const changed = await queryRows<{ document_id: number; version: number }>(e.db, sql`
    select document_id, version from knowledge_index_log where kb_id = ${e.kbId} and version > ${index.version}`);
  if (!changed.length) return;
  const ids = changed.map((c) => c.document_id);
  const rows = await queryRows<ChunkRow>(e.db, sql`
    select ${CHUNK_FIELDS}
    from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
    where c.kb_id = ${e.kbId} and c.document_id in ${idList(ids)} and ${searchableDocument('d')}
    order by c.id`);
  for (const id of ids) index.removeDocument(id);
  for (const r of rows) put(index, r);
  index.compactIfWorthIt();
  index.version = Math.max(index.version, ...changed.map((c) => Number(c.version)));
}

/** Keeps the process's indexes within MAX_POSTINGS, dropping the least recently used (never one in use now). */
function evict(inUse: Set<Entry>) {
  let total = 0;
  for (const e of loaded) total += e.index?.postingCount ?? 0;
  for (const e of [...loaded].sort((a, b) => a.lastUsed - b.lastUsed)) {
    if (total <= MAX_POSTINGS) break;
    if (inUse.has(e)) continue;
    total -= e.index?.postingCount ?? 0;
    e.index = undefined;
    loaded.delete(e);
  }
}

function startLoad(e: Entry): Promise<BaseIndex> {
  e.loading ??= load(e).then((index) => {
    e.index = index;
    loaded.add(e);
    evict(new Set([e]));
    return index;
  }).finally(() => {
    e.loading = undefined;
  });
  return e.loading;
}

/** Loads the bases' indexes now and waits for them (tests, the bench, a warm-up). */
export async function warmIndexes(db: Db, kbIds: number[]) {
  await Promise.all(kbIds.map((id) => {
    const e = entryOf(db, id);
    return e.index ?? startLoad(e);
  }));
}

/** Drops every index of a database from this process (the bench measures cold loads; they rebuild on the next search). */
export function forgetIndexes(db: Db) {
  for (const e of entries.get(db)?.values() ?? []) loaded.delete(e);
  entries.delete(db);
}

/** Typed-array bytes and distinct terms of the loaded indexes (bench). */
export const loadedShape = () => [...loaded].reduce((n, e) => ({
  arrayBytes: n.arrayBytes + (e.index?.arrayBytes ?? 0), terms: n.terms + (e.index?.termCount ?? 0),
}), { arrayBytes: 0, terms: 0 });

/** Postings held by the loaded indexes of the process (bench, memory budget). */
export const loadedPostings = () => [...loaded].reduce((n, e) => n + (e.index?.postingCount ?? 0), 0);

/** Whether a base's index is loaded in this process (status, tests). */
export const isIndexed = (db: Db, kbId: number) => !!entries.get(db)?.get(kbId)?.index;


/**
 * The bases' indexes, fresh: each one's version is checked against its base's row on every
 * search (one indexed read), and the documents changed since are replayed before searching, so
 * a write on this node or any other is seen by the next search. Null when a base is still
 * loading: the caller answers from SQL (the tables are the truth) rather than from a partial index.
 */
async function freshIndexes(db: Db, kbIds: number[]): Promise<BaseIndex[] | null> {
  const bases = await queryRows<{ id: number; index_version: number; chunk_count: number }>(db,
    sql`select id, index_version, chunk_count from knowledge_bases where id in ${idList(kbIds)}`);
  const out: BaseIndex[] = [];
  const inUse = new Set<Entry>();
  let ready = true;
  for (const b of bases) {
    const e = entryOf(db, b.id);
    e.lastUsed = Date.now();
    inUse.add(e);
    let index = e.index;
    if (!index) {
      // A failed load is retried by the next search; it must not go unhandled meanwhile.
      const loading = startLoad(e);
      loading.catch(() => undefined);
      index = b.chunk_count > WAIT_MAX_CHUNKS ? undefined : (await Promise.race([loading, sleep(FIRST_LOAD_WAIT_MS)])) ?? undefined;
      if (!index) {
        // Every base not loaded starts loading now, not one search at a time.
        ready = false;
        continue;
      }
    }
    if (index.version < Number(b.index_version)) {
      const ix = index;
      const run = e.refreshing.then(() => (ix.version < Number(b.index_version) ? refresh(e, ix) : undefined));
      e.refreshing = run.catch(() => undefined);
      await run;
    }
    out.push(index);
  }
  return ready ? out : null;
}

/**
 * BM25 over the bases' in-process indexes, top `limit`, with the chunks' text read for those
 * only. Null when an index is not ready (see freshIndexes). The scope is `kbIds`: callers pass
 * only bases of the caller's organisation; the rows read are kept only if of those bases too.
 */
export async function indexedSearch(db: Db, kbIds: number[], question: string, limit: number): Promise<Hit[] | null> {
  const wanted = [...new Set(indexTerms(question))];
  if (!kbIds.length || !wanted.length) return [];
  const indexes = await freshIndexes(db, kbIds);
  if (!indexes) return null;
  const top = rankChunks(indexes, wanted, limit);
  if (!top.length) return [];
  const rows = await queryRows<{
    id: number; document_id: number; kb_id: number; heading: string; question: string; content: string; name: string;
  }>(db, sql`
    select c.id, c.document_id, c.kb_id, c.heading, c.question, c.content, d.name
    from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
    where c.id in ${idList(top.map((t) => t.chunkId))}`);
  // The scope is checked here, not in SQL: without statistics (PGlite has no autovacuum) a
  // `kb_id in` there was planned as a scan of the base's whole kb_id index, every search.
  const scope = new Set(kbIds);
  const byId = new Map(rows.filter((r) => scope.has(r.kb_id)).map((r) => [r.id, r]));
  // A chunk replaced between the search and this read is left out rather than shown stale.
  return top.flatMap((t) => {
    const r = byId.get(t.chunkId);
    return r ? [{
      chunkId: r.id, documentId: r.document_id, documentName: r.name, kbId: r.kb_id,
      heading: r.heading, question: r.question, content: r.content, score: t.score,
    }] : [];
  });
}
