import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import type { CallInput } from '@xueban/contract/call';

export type ApplyListParams = CallInput<typeof User.developerApplyLists>;

export const developerApplyKey = ['uc', 'User', 'developerApplyLists'] as const;

/** GET /api/uc/User/developerApplyLists {page, limit, status?} — the current organisation's applications. */
export const getDeveloperApplyList = (params: ApplyListParams, signal?: AbortSignal) =>
  call(User.developerApplyLists, params, { signal });

export const developerApplyListQueryOptions = (params: ApplyListParams) =>
  queryOptions({
    queryKey: [...developerApplyKey, params],
    queryFn: ({ signal }) => getDeveloperApplyList(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDeveloperApplyList = (params: ApplyListParams) => useQuery(developerApplyListQueryOptions(params));
