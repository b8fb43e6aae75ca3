import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminUser } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type UserListInput = CallInput<typeof AdminUser.lists>;

/** GET AdminUser.lists: 用户搜索. */
export const useUserList = (input: UserListInput) => useQuery({
  queryKey: ['admin', 'AdminUser', 'lists', input],
  queryFn: ({ signal }) => call(AdminUser.lists, input, { signal }),
  placeholderData: keepPreviousData,
});
