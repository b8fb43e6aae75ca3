import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { SafetyFlag } from '@xueban/contract/calls/safety';
import { call } from '../../../lib/api.ts';

export type SafetyFlagParams = CallInput<typeof SafetyFlag.lists>;

/** Every flags query starts with this key: handling one refreshes them all. */
export const safetyFlagsKey = ['ai', 'SafetyFlag'] as const;

/** GET /api/ai/SafetyFlag/lists {scope, team_id?, student_id?, category?, status?, page, limit} — newest first. */
export const getSafetyFlags = (params: SafetyFlagParams, signal?: AbortSignal) => call(SafetyFlag.lists, params, { signal });

export const safetyFlagsQueryOptions = (params: SafetyFlagParams) =>
  queryOptions({
    queryKey: [...safetyFlagsKey, 'lists', params],
    queryFn: ({ signal }) => getSafetyFlags(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSafetyFlags = (params: SafetyFlagParams) => useQuery(safetyFlagsQueryOptions(params));
