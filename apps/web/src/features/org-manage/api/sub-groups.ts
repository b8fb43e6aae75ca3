import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupManage } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** GET /api/uc/GroupManage/subGroups {page, limit}. */
export const getSubGroups = (params: CallInput<typeof GroupManage.subGroups>, signal?: AbortSignal) => call(GroupManage.subGroups, params, { signal });
export const useSubGroups = (params: CallInput<typeof GroupManage.subGroups>) =>
  useQuery(queryOptions({ queryKey: [...orgKey, 'subGroups', params], queryFn: ({ signal }) => getSubGroups(params, signal), placeholderData: keepPreviousData }));
