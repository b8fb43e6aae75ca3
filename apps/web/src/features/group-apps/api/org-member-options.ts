import { queryOptions, useQuery } from '@tanstack/react-query';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';

/** GET /api/uc/groups/members: the first 100 members, to choose a seat holder from. */
export const getMemberOptions = (signal?: AbortSignal) => call(Groups.members, { page: 1, limit: 100 }, { signal });
export const useMemberOptions = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: ['uc', 'GroupApp', 'memberOptions'], queryFn: ({ signal }) => getMemberOptions(signal), enabled }));
