import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { DocumentStatus, KnowledgeDocumentItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbDocsKey } from './keys.ts';

export interface DocListParams {
  repository_id: number;
  page: number;
  limit: number;
  status?: DocumentStatus | undefined;
  keyword?: string | undefined;
}

/** GET /api/ai/knowledge/trainlists {repository_id, page, limit, status?, keyword?} — a base's documents. */
export const getDocuments = (params: DocListParams, signal?: AbortSignal) =>
  api.get<Page<KnowledgeDocumentItem>>('/api/ai/knowledge/trainlists', { ...params }, { signal });

export const documentsQueryOptions = (params: DocListParams) =>
  queryOptions({
    queryKey: [...kbDocsKey, params],
    queryFn: ({ signal }) => getDocuments(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (params: DocListParams) => useQuery(documentsQueryOptions(params));
