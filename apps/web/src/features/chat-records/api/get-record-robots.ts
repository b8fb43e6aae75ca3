import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChatRecords } from '@xueban/contract/calls/chat';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/ChatRecords/robots — the robots the caller's 对话管理 can filter by. */
export const getRecordRobots = (signal?: AbortSignal) => call(ChatRecords.robots, undefined, { signal });

export const recordRobotsQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'ChatRecords', 'robots'], queryFn: ({ signal }) => getRecordRobots(signal), staleTime: 60_000 });

export const useRecordRobots = () => useQuery(recordRobotsQueryOptions());
