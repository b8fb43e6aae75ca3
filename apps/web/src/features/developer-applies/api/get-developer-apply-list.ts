import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import type { ApplyStatus } from '../lib/apply-status.ts';

export interface ApplyListParams {
  page: number;
  limit: number;
  status?: ApplyStatus;
}

export const developerApplyKey = ['uc', 'User', 'developerApplyLists'] as const;

/** GET /api/uc/User/developerApplyLists {page, limit, status?} — the current organisation's applications. */
export const getDeveloperApplyList = ({ page, limit, status }: ApplyListParams, signal?: AbortSignal) =>
  call(User.developerApplyLists, { page, limit, status }, { signal });

export const developerApplyListQueryOptions = (params: ApplyListParams) =>
  queryOptions({
    queryKey: [...developerApplyKey, params],
    queryFn: ({ signal }) => getDeveloperApplyList(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDeveloperApplyList = (params: ApplyListParams) => useQuery(developerApplyListQueryOptions(params));
