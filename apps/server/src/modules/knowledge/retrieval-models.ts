import type { Deps } from '../../types.ts';
import { embedderFor, type Embedder } from '../../ai/embeddings.ts';
import { rerankerFor, type Reranker } from '../../ai/rerank.ts';
import { resolveModelFor } from '../ai-models/model-choice.ts';

/** The configured embedding model (AI 模型 with the embedding capability), or null. */
export async function resolveEmbedder(deps: Pick<Deps, 'db' | 'config' | 'egress'>): Promise<Embedder | null> {
  const m = await resolveModelFor(deps, 'embedding');
  return m ? embedderFor(m) : null;
}

/** The configured rerank model (AI 模型 with the rerank capability), or null. */
export async function resolveReranker(deps: Pick<Deps, 'db' | 'config' | 'egress'>): Promise<Reranker | null> {
  const m = await resolveModelFor(deps, 'rerank');
  return m ? rerankerFor(m) : null;
}

/** The configured query rewrite model (AI 模型 with the 问题改写 capability), or null. */
export const resolveRewriter = (deps: Pick<Deps, 'db' | 'config' | 'egress'>) => resolveModelFor(deps, 'rewrite');
