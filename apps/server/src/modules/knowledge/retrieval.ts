import type { ChatSource } from '@xueban/contract/chat';
import type { Deps } from '../../types.ts';
import { snippet } from '../../ai/builtin-engine.ts';
import { resolveEmbedder, resolveReranker, resolveRewriter } from './retrieval-models.ts';
import { rewriteQuestion } from '../../ai/query-rewrite.ts';
import type { Reranker } from '../../ai/rerank.ts';
import { keywordSearch, type Hit } from './keyword-search.ts';
import { beforeLoads, indexedSearch } from './search-index.ts';
import { hasVectorStore, vectorSearch } from './vector-store.ts';

/** A chunk is long; what the model and the source list get of it. */
const SNIPPET_MAX = 1_200;
/** Reciprocal rank fusion's usual constant: how much the first places outweigh the rest. */
const RRF_K = 60;
/** Each leg proposes this many times the places asked for, so fusion has something to weigh. */
const CANDIDATES = 4;

export type RetrievalMode = 'hybrid' | 'keyword';

/** Merges ranked lists by reciprocal rank fusion: a chunk high in both beats one first in only one. */
export function fuse(lists: Hit[][], limit: number): Hit[] {
  const scored = new Map<number, { hit: Hit; score: number }>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const entry = scored.get(hit.chunkId) ?? { hit, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      scored.set(hit.chunkId, entry);
    });
  }
  return [...scored.values()].sort((a, b) => b.score - a.score || a.hit.chunkId - b.hit.chunkId)
    .slice(0, limit).map(({ hit, score }) => ({ ...hit, score }));
}

/** Keyword hits from the in-process indexes; from SQL while one of the bases is still loading. */
export async function keywordHits(db: Deps['db'], kbIds: number[], question: string, limit: number): Promise<Hit[]> {
  return (await indexedSearch(db, kbIds, question, limit)) ?? beforeLoads(() => keywordSearch(db, kbIds, question, limit));
}

/**
 * Knowledge retrieval over the given bases: BM25 keyword search, fused with vector search when
 * an embedding model is configured and the database has pgvector. A failing embedding provider
 * never fails the caller: the keyword results stand.
 */
export async function searchKnowledge(
  deps: Pick<Deps, 'db' | 'config' | 'egress'>, kbIds: number[], question: string, limit: number, log?: { warn: (o: object, m: string) => void },
): Promise<{ hits: Hit[]; mode: RetrievalMode }> {
  const keyword = keywordHits(deps.db, kbIds, question, limit * CANDIDATES);
  const [embedder, reranker] = await Promise.all([
    kbIds.length && hasVectorStore(deps.db) ? resolveEmbedder(deps) : null,
    resolveReranker(deps),
  ]);
  // With a rerank model, twice the places go to it and it picks the final order.
  const wanted = reranker ? limit * 2 : limit;
  let hits: Hit[];
  if (!embedder) hits = (await keyword).slice(0, wanted);
  else {
    const vector = embedder.embed([question])
      .then(([q]) => vectorSearch(deps.db, kbIds, embedder.model, q!, limit * CANDIDATES))
      .catch((err: unknown) => {
        log?.warn({ err }, 'embedding the question failed; keyword results only');
        return [] as Hit[];
      });
    hits = fuse(await Promise.all([keyword, vector]), wanted);
  }
  const mode: RetrievalMode = embedder ? 'hybrid' : 'keyword';
  if (!reranker || hits.length < 2) return { hits: hits.slice(0, limit), mode };
  return { hits: await rerank(reranker, question, hits, limit, log), mode };
}

/** The rerank model's order; should it fail, the order retrieval gave. */
async function rerank(reranker: Reranker, question: string, hits: Hit[], limit: number, log?: { warn: (o: object, m: string) => void }) {
  try {
    const scores = await reranker.score(question, hits.map((h) => (h.question ? `${h.question}\n${h.content}` : h.content)));
    return hits.map((h, i) => ({ ...h, score: scores[i]! })).sort((a, b) => b.score - a.score).slice(0, limit);
  } catch (err) {
    log?.warn({ err }, 'rerank failed; retrieval order kept');
    return hits.slice(0, limit);
  }
}

/**
 * What a robot's knowledge says about a question, as chat sources citing the document and the
 * chunk. `kbIds` are the robot's enabled bindings within its organisation (`enabledContentsOf`):
 * the whole scope of retrieval. Empty when nothing is bound or nothing matches.
 */
export async function retrieveForRobot(
  deps: Pick<Deps, 'db' | 'config' | 'egress'>, kbIds: number[], question: string, history: { question: string; answer: string }[] = [], limit = 5,
): Promise<ChatSource[]> {
  if (!kbIds.length) return [];
  // With a 问题改写 model, the search is for the question restated with the conversation's subject.
  const rewriter = await resolveRewriter(deps);
  const query = rewriter ? await rewriteQuestion(rewriter, history, question) : question;
  const { hits } = await searchKnowledge(deps, kbIds, query, limit);
  return hits.map((h) => {
    const body = h.question ? `问：${h.question}\n答：${h.content}` : h.content;
    return {
      title: h.heading ? `${h.documentName} · ${h.heading}` : h.documentName,
      snippet: snippet(body, SNIPPET_MAX),
      document_id: h.documentId, document_name: h.documentName, chunk_id: h.chunkId, score: Number(h.score.toFixed(4)),
    };
  });
}
