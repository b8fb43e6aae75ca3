import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminGroup } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type OrgMembersInput = CallInput<typeof AdminGroup.members>;

/** GET AdminGroup.members: 组织成员. */
export const useOrgMembers = (input: OrgMembersInput) => useQuery({
  queryKey: ['admin', 'AdminGroup', 'members', input],
  queryFn: ({ signal }) => call(AdminGroup.members, input, { signal }),
  placeholderData: keepPreviousData,
});
