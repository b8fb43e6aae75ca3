import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { IntentCategoryItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export interface CategoryListParams { page: number; limit: number; keyword?: string | undefined }

/** GET /api/ai/intentCategory/lists {page, limit, keyword?} — the organisation's categories, newest first. */
export const getIntentCategories = (p: CategoryListParams, signal?: AbortSignal) =>
  api.get<Page<IntentCategoryItem>>('/api/ai/intentCategory/lists', { page: p.page, limit: p.limit, keyword: p.keyword }, { signal });

export const intentCategoriesQueryOptions = (p: CategoryListParams) =>
  queryOptions({ queryKey: [...intentKeys.categories, p], queryFn: ({ signal }) => getIntentCategories(p, signal), placeholderData: keepPreviousData });

export const useIntentCategories = (p: CategoryListParams) => useQuery(intentCategoriesQueryOptions(p));
