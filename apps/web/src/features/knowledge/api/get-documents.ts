import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbDocsKey } from '../../../lib/queries/knowledge-keys.ts';

export type DocListParams = CallInput<typeof Knowledge.trainlists>;

/** GET /api/ai/knowledge/trainlists {repository_id, page, limit, status?, keyword?} — a base's documents. */
export const getDocuments = (params: DocListParams, signal?: AbortSignal) =>
  call(Knowledge.trainlists, { ...params }, { signal });

export const documentsQueryOptions = (params: DocListParams) =>
  queryOptions({
    queryKey: [...kbDocsKey, params],
    queryFn: ({ signal }) => getDocuments(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (params: DocListParams) => useQuery(documentsQueryOptions(params));
