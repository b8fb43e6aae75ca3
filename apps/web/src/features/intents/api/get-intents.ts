import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Intent } from '@xueban/contract/calls/intents';
import { INTENT_CARDS } from '@xueban/contract/limits';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/intent/lists {category_id, page, limit, keyword?} — a category's intents by sort. */
export const getIntents = (p: CallInput<typeof Intent.lists>, signal?: AbortSignal) => call(Intent.lists, p, { signal });

/** The intent cards of a category, INTENT_CARDS.chunk (12) at a time. */
export const intentsQueryOptions = (categoryId: number, keyword?: string) =>
  infiniteQueryOptions({
    queryKey: [...intentKeys.intents, categoryId, keyword ?? ''],
    queryFn: ({ pageParam, signal }) => getIntents({ category_id: categoryId, page: pageParam, limit: INTENT_CARDS.chunk, keyword }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export const useIntents = (categoryId: number | undefined, keyword?: string) =>
  useInfiniteQuery({ ...intentsQueryOptions(categoryId ?? 0, keyword), enabled: !!categoryId });

/** Up to 100 intents of a category, for pickers (has_intent parts, related intents). */
export const useCategoryIntentOptions = (categoryId: number | undefined) =>
  useQuery({
    queryKey: [...intentKeys.intents, categoryId ?? 0, 'options'],
    queryFn: ({ signal }) => getIntents({ category_id: categoryId ?? 0, page: 1, limit: 100 }, signal),
    enabled: !!categoryId,
    select: (p) => p.data,
  });
