import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';

export const appsKey = ['uc', 'GroupApp'] as const;

/** GET /api/uc/GroupApp/lists {page, limit}: the organisation's installed apps. */
export const getAppList = (params: CallInput<typeof GroupApp.lists>, signal?: AbortSignal) => call(GroupApp.lists, params, { signal });
export const useAppList = (params: CallInput<typeof GroupApp.lists>) =>
  useQuery(queryOptions({ queryKey: [...appsKey, 'lists', params], queryFn: ({ signal }) => getAppList(params, signal), placeholderData: keepPreviousData }));
