import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntentContent } from '@xueban/contract/calls/intents';
import { INTENT_LIMITS } from '@xueban/contract/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/intentContent/lists {intent_id, page, limit} — the intent and its recommend parts in order. */
export const getIntentContents = (intentId: number, signal?: AbortSignal) =>
  call(IntentContent.lists, { intent_id: intentId, page: 1, limit: INTENT_LIMITS.partsMax }, { signal });

export const intentContentsQueryOptions = (intentId: number) =>
  queryOptions({ queryKey: [...intentKeys.contents, intentId], queryFn: ({ signal }) => getIntentContents(intentId, signal) });

export const useIntentContents = (intentId: number) => useQuery({ ...intentContentsQueryOptions(intentId), enabled: intentId > 0 });
