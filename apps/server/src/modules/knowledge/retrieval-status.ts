import { MSG } from '@xueban/contract/messages';
import type { RetrievalStatus } from '@xueban/contract/knowledge';
import type { Deps } from '../../types.ts';
import { resolveModelFor } from '../ai-models/model-choice.ts';
import { hasVectorStore } from './vector-store.ts';

/** How knowledge is retrieved on this deployment, and in words why not hybrid when it is not. */
export async function retrievalStatus(deps: Pick<Deps, 'db' | 'config' | 'egress'>): Promise<RetrievalStatus> {
  const vector = hasVectorStore(deps.db);
  const [model, reranker, rewriter] = await Promise.all([
    resolveModelFor(deps, 'embedding'), resolveModelFor(deps, 'rerank'), resolveModelFor(deps, 'rewrite'),
  ]);
  const mode = vector && model ? 'hybrid' : 'keyword';
  const note = mode === 'hybrid' ? MSG.kbRetrievalHybrid : !vector ? MSG.kbRetrievalNoPgvector : MSG.kbRetrievalNoEmbedding;
  return {
    mode, vector, embedding_model: model?.label || model?.model || '', rerank_model: reranker?.label || reranker?.model || '',
    rewrite_model: rewriter?.label || rewriter?.model || '', note,
  };
}
