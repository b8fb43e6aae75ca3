import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { KnowledgeBaseItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbListKey } from './keys.ts';

export interface KbListParams {
  page: number;
  limit: number;
  keyword?: string | undefined;
}

/** GET /api/ai/knowledge/lists {page, limit, keyword?} — the organisation's knowledge bases. */
export const getKnowledgeBases = ({ page, limit, keyword }: KbListParams, signal?: AbortSignal) =>
  api.get<Page<KnowledgeBaseItem>>('/api/ai/knowledge/lists', { page, limit, keyword }, { signal });

export const knowledgeBasesQueryOptions = (params: KbListParams) =>
  queryOptions({
    queryKey: [...kbListKey, params],
    queryFn: ({ signal }) => getKnowledgeBases(params, signal),
    placeholderData: keepPreviousData,
  });

export const useKnowledgeBases = (params: KbListParams, enabled = true) => useQuery({ ...knowledgeBasesQueryOptions(params), enabled });
