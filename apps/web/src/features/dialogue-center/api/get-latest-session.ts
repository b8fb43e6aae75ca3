import { useQuery } from '@tanstack/react-query';
import { ChatCategory } from '@xueban/contract/calls/chat';
import { call } from '../../../lib/api.ts';

/** GET ChatCategory/lists (one row): my latest conversation with a robot, or null. Shares the chat's key prefix, so a change there refreshes it. */
export const useLatestSession = (robotId: number) => useQuery({
  queryKey: ['ai', 'ChatCategory', 'lists', robotId, 'latest'],
  queryFn: async ({ signal }) => (await call(ChatCategory.lists, { r_id: robotId, page: 1, limit: 1 }, { signal })).data[0] ?? null,
});
