import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { IntentCategory } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export type CategoryListParams = CallInput<typeof IntentCategory.lists>;

/** GET /api/ai/intentCategory/lists {page, limit, keyword?} — the organisation's categories, newest first. */
export const getIntentCategories = (p: CategoryListParams, signal?: AbortSignal) =>
  call(IntentCategory.lists, { page: p.page, limit: p.limit, keyword: p.keyword }, { signal });

export const intentCategoriesQueryOptions = (p: CategoryListParams) =>
  queryOptions({ queryKey: [...intentKeys.categories, p], queryFn: ({ signal }) => getIntentCategories(p, signal), placeholderData: keepPreviousData });

export const useIntentCategories = (p: CategoryListParams) => useQuery(intentCategoriesQueryOptions(p));
