import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { IntentCategoryItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';

export interface IntentCategoryParams {
  page: number;
  limit: number;
  keyword?: string | undefined;
}

/** GET /api/ai/intentCategory/lists {page, limit, keyword?} — the organisation's intent libraries, to bind to a robot. */
export const getIntentCategories = (params: IntentCategoryParams, signal?: AbortSignal) =>
  api.get<Page<IntentCategoryItem>>('/api/ai/intentCategory/lists', { ...params }, { signal });

export const intentCategoriesQueryOptions = (params: IntentCategoryParams) =>
  queryOptions({
    queryKey: ['ai', 'intentCategory', 'lists', params],
    queryFn: ({ signal }) => getIntentCategories(params, signal),
    placeholderData: keepPreviousData,
  });

export const useIntentCategories = (params: IntentCategoryParams, enabled = true) => useQuery({ ...intentCategoriesQueryOptions(params), enabled });
