import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbChunksKey } from '../../../lib/queries/knowledge-keys.ts';

export type ChunkListParams = CallInput<typeof Knowledge.chunks>;

/** GET /api/ai/knowledge/chunks {document_id, page, limit} — a document's chunks in order. */
export const getChunks = (params: ChunkListParams, signal?: AbortSignal) =>
  call(Knowledge.chunks, { ...params }, { signal });

export const chunksQueryOptions = (params: ChunkListParams) =>
  queryOptions({
    queryKey: [...kbChunksKey, params],
    queryFn: ({ signal }) => getChunks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useChunks = (params: ChunkListParams, enabled = true) => useQuery({ ...chunksQueryOptions(params), enabled });
