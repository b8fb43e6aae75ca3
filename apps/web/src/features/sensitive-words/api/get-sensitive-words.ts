import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import type { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';
import { callsOf, type WordList } from './word-list.ts';

/** The table's page, keyword and category (also the cache key). */
export type SensitiveListParams = CallInput<typeof AdminSensitive.lists>;

/** Every sensitive-word list query starts with this key: a write refreshes them all. */
export const sensitiveWordsKey = ['ai', 'Sensitive', 'lists'] as const;

/** GET /api/ai/admin.Sensitive/lists or group.Sensitive/lists {page, limit, keyword?, category?} — newest first. */
export const getSensitiveWords = (list: WordList, { page, limit, keyword, category }: SensitiveListParams, signal?: AbortSignal) =>
  call(callsOf(list).lists, { page, limit, keyword, category }, { signal });

export const sensitiveWordsQueryOptions = (list: WordList, params: SensitiveListParams) =>
  queryOptions({
    queryKey: [...sensitiveWordsKey, list, params],
    queryFn: ({ signal }) => getSensitiveWords(list, params, signal),
    placeholderData: keepPreviousData,
  });

export const useSensitiveWords = (list: WordList, params: SensitiveListParams) => useQuery(sensitiveWordsQueryOptions(list, params));
