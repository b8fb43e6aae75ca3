import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { anyOf, queryTerms, type TermsOf } from '../../ai/search-terms.ts';
import { terms } from '../../ai/segment.ts';

export interface Hit {
  chunkId: number;
  documentId: number;
  documentName: string;
  kbId: number;
  heading: string;
  question: string;
  content: string;
  score: number;
}

/** `(1,2,3)` from ids that are checked to be integers: a list the planner sees, with nothing to escape. */
export function idList(ids: number[]) {
  if (!ids.every(Number.isSafeInteger)) throw new Error('ids must be integers');
  return sql.raw(`(${ids.join(',')})`);
}

/**
 * The documents whose chunks retrieval finds (chat, the hit test) and the chunk list shows, as a
 * condition on the documents table under alias `d`: ready ones, and ones being trained again after
 * being ready, whose chunks stay until the new version replaces them in one transaction
 * (chunks.repo replaceDocumentChunks), so a new version being read never blanks a document out.
 * `chunk_count` is written only when training succeeds, so it is above 0 exactly for a document
 * that was ready once. A failed document's chunks never show, nor those of a first training still
 * under way (written before its embeddings).
 */
export const searchableDocument = (d: string) => {
  if (!/^[a-z_]+$/.test(d)) throw new Error('alias must be a plain name');
  return sql.raw(`(${d}.status = 'ready' or (${d}.status in ('queued', 'training') and ${d}.chunk_count > 0))`);
};

/** BM25's usual constants (k1 1.2, b 0.75), inlined as float literals: as parameters they would be typed by their neighbours. */
const BM25 = { k1: sql.raw('1.2::float8'), k1Plus1: sql.raw('2.2::float8'), b: sql.raw('0.75::float8'), oneMinusB: sql.raw('0.25::float8') };
/** A term in more than this share of the chunks says little; it is dropped when rarer terms remain. */
const COMMON_SHARE = 0.5;
/**
 * How many chunk postings the candidate search may touch. Scoring a chunk unpacks its whole
 * tsvector, so on a large base the candidates are the chunks holding the question's rarest terms
 * (postings up to this budget); a chunk holding only common ones could not rank high anyway.
 * Bases smaller than this are scored whole.
 */
const CANDIDATE_POSTINGS = 2_000;

/** The terms whose chunks are scored: all of them on a small base, else the rarest within the budget. */
export function candidateTerms(terms: { term: string; df: number }[], chunks: number): string[] {
  if (chunks <= CANDIDATE_POSTINGS) return terms.map((t) => t.term);
  const seeds: string[] = [];
  let postings = 0;
  for (const t of [...terms].sort((a, b) => a.df - b.df || a.term.localeCompare(b.term))) {
    if (seeds.length && postings + t.df > CANDIDATE_POSTINGS) break;
    seeds.push(t.term);
    postings += t.df;
  }
  return seeds;
}

/**
 * Keyword retrieval over the chunks of the given knowledge bases, ranked by BM25: the GIN index
 * finds chunks holding any query term, and each is scored from its term frequencies (the
 * positions stored in its tsvector), its length, and the bases' term document-frequencies.
 * Callers pass only knowledge bases the caller may read: the scope is `kbIds`, nothing else.
 * Only chunks of searchable documents are found (see searchableDocument); the statistics
 * (document frequencies, average length) still count the others, which moves scores a little.
 * `termsOf` must be the function the chunks were indexed with (benchmarks compare segmenters).
 */
export async function keywordSearch(
  db: Db, kbIds: number[], question: string, limit: number, termsOf: TermsOf = terms,
): Promise<Hit[]> {
  const wanted = queryTerms(question, termsOf);
  if (!kbIds.length || !wanted.length) return [];
  const kbs = idList(kbIds);
  const rows = await queryRows<{ term: string; df: number; n: number }>(db, sql`
    select t.term, sum(t.df)::int as df,
      (select coalesce(sum(chunk_count), 0)::int from knowledge_bases where id in ${kbs}) as n
    from knowledge_terms t
    where t.kb_id in ${kbs} and t.term in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)) and t.df > 0
    group by t.term`);
  if (!rows.length) return [];
  const n = rows[0]!.n;
  const rare = rows.filter((r) => r.df <= n * COMMON_SHARE);
  const used = rare.length ? rare : rows;
  const idf = used.map((r) => ({ term: r.term, idf: Math.log(1 + (n - r.df + 0.5) / (r.df + 0.5)) }));
  const weights = sql`(select * from jsonb_to_recordset(${JSON.stringify(idf)}::jsonb) as w(term text, idf float8))`;
  const hits = await queryRows<{
    id: number; document_id: number; kb_id: number; heading: string; question: string; content: string; name: string; score: number;
  }>(db, sql`
    with s as (
      select greatest(sum(term_total), 1)::float8 / greatest(sum(chunk_count), 1) as avgdl
      from knowledge_bases where id in ${kbs}
    )
    select c.id, c.document_id, c.kb_id, c.heading, c.question, c.content, d.name,
      sum(w.idf * (cardinality(u.positions) * ${BM25.k1Plus1})
        / (cardinality(u.positions) + ${BM25.k1} * (${BM25.oneMinusB} + ${BM25.b} * c.term_count / s.avgdl)))::float8 as score
    from knowledge_chunks c
    join knowledge_documents d on d.id = c.document_id
    cross join s
    cross join lateral unnest(c.tsv) as u
    join ${weights} w on w.term = u.lexeme
    where c.kb_id in ${kbs} and c.tsv @@ ${anyOf(candidateTerms(used, n))}::tsquery and ${searchableDocument('d')}
    group by c.id, d.name, s.avgdl
    order by score desc, c.id
    limit ${limit}`);
  return hits.map((r) => ({
    chunkId: r.id, documentId: r.document_id, documentName: r.name, kbId: r.kb_id,
    heading: r.heading, question: r.question, content: r.content, score: Number(r.score),
  }));
}
