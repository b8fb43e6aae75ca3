import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

export const membersKey = [...orgKey, 'members'] as const;

/** GET /api/uc/groups/members {page, limit}. */
export const getOrgMembers = (params: CallInput<typeof Groups.members>, signal?: AbortSignal) => call(Groups.members, params, { signal });
export const useOrgMembers = (params: CallInput<typeof Groups.members>) =>
  useQuery(queryOptions({ queryKey: [...membersKey, params], queryFn: ({ signal }) => getOrgMembers(params, signal), placeholderData: keepPreviousData }));
