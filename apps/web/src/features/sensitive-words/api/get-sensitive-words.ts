import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';

/** The table's page and keyword (also the cache key). */
export type SensitiveListParams = CallInput<typeof AdminSensitive.lists>;

/** Every sensitive-word list query starts with this key: a write refreshes them all. */
export const sensitiveWordsKey = ['ai', 'admin.Sensitive', 'lists'] as const;

/** GET /api/ai/admin.Sensitive/lists {page, limit, keyword?} — newest first (super admin). */
export const getSensitiveWords = ({ page, limit, keyword }: SensitiveListParams, signal?: AbortSignal) =>
  call(AdminSensitive.lists, { page, limit, keyword }, { signal });

export const sensitiveWordsQueryOptions = (params: SensitiveListParams) =>
  queryOptions({
    queryKey: [...sensitiveWordsKey, params],
    queryFn: ({ signal }) => getSensitiveWords(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSensitiveWords = (params: SensitiveListParams) => useQuery(sensitiveWordsQueryOptions(params));
