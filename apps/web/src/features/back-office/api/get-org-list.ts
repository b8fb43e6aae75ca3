import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminGroup } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type OrgListInput = CallInput<typeof AdminGroup.lists>;

/** GET AdminGroup.lists: 组织列表. */
export const useOrgList = (input: OrgListInput) => useQuery({
  queryKey: ['admin', 'AdminGroup', 'lists', input],
  queryFn: ({ signal }) => call(AdminGroup.lists, input, { signal }),
  placeholderData: keepPreviousData,
});
