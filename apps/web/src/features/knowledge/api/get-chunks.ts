import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { KnowledgeChunkItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbChunksKey } from './keys.ts';

export interface ChunkListParams {
  document_id: number;
  page: number;
  limit: number;
}

/** GET /api/ai/knowledge/chunks {document_id, page, limit} — a document's chunks in order. */
export const getChunks = (params: ChunkListParams, signal?: AbortSignal) =>
  api.get<Page<KnowledgeChunkItem>>('/api/ai/knowledge/chunks', { ...params }, { signal });

export const chunksQueryOptions = (params: ChunkListParams) =>
  queryOptions({
    queryKey: [...kbChunksKey, params],
    queryFn: ({ signal }) => getChunks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useChunks = (params: ChunkListParams, enabled = true) => useQuery({ ...chunksQueryOptions(params), enabled });
