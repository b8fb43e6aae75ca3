import type { ResolvedModel } from './model-client.ts';

/** The widely served rerank shape (Jina, Cohere, SiliconFlow, Xinference, vLLM): POST {base}/rerank. */
interface RerankResponse { results: { index: number; relevance_score: number }[] }

export interface Reranker {
  model: string;
  /** Relevance of each document to the query, in the documents' order. */
  score(query: string, documents: string[], signal?: AbortSignal): Promise<number[]>;
}

const DOC_MAX = 2_000;

/** A rerank model through the common POST {base}/rerank. */
export function rerankerFor(m: ResolvedModel): Reranker {
  return {
    model: m.model,
    async score(query, documents, signal) {
      const res = await m.client.post<RerankResponse>('/rerank', {
        body: { model: m.model, query, documents: documents.map((d) => d.slice(0, DOC_MAX)), top_n: documents.length },
        signal,
      });
      const scores = new Array<number>(documents.length).fill(-Infinity);
      for (const r of res.results ?? []) if (r.index >= 0 && r.index < documents.length) scores[r.index] = Number(r.relevance_score);
      return scores;
    },
  };
}
