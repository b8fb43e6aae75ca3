import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminRobots } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type AdminRobotListInput = CallInput<typeof AdminRobots.lists>;

/** GET AdminRobots.lists: 机器人管理列表. */
export const useAdminRobotList = (input: AdminRobotListInput) => useQuery({
  queryKey: ['admin', 'AdminRobots', 'lists', input],
  queryFn: ({ signal }) => call(AdminRobots.lists, input, { signal }),
  placeholderData: keepPreviousData,
});
