import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { IntentCategory } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';

export type IntentCategoryParams = CallInput<typeof IntentCategory.lists>;

/** GET /api/ai/intentCategory/lists {page, limit, keyword?} — the organisation's intent libraries, to bind to a robot. */
export const getIntentCategories = (params: IntentCategoryParams, signal?: AbortSignal) =>
  call(IntentCategory.lists, { ...params }, { signal });

export const intentCategoriesQueryOptions = (params: IntentCategoryParams) =>
  queryOptions({
    queryKey: ['ai', 'intentCategory', 'lists', params],
    queryFn: ({ signal }) => getIntentCategories(params, signal),
    placeholderData: keepPreviousData,
  });

export const useIntentCategories = (params: IntentCategoryParams, enabled = true) => useQuery({ ...intentCategoriesQueryOptions(params), enabled });
