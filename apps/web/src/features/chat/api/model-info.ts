import { queryOptions, useQuery } from '@tanstack/react-query';
import { Chat } from '@xueban/contract/calls/chat';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/Chat/modelInfo {id: robot id} — what the robot's model can do: the 联网 and 深度思考 switches follow it. */
export const modelInfoQueryOptions = (robotId: number) =>
  queryOptions({
    queryKey: ['ai', 'Chat', 'modelInfo', robotId],
    queryFn: ({ signal }) => call(Chat.modelInfo, { id: robotId }, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export const useModelInfo = (robotId: number, enabled: boolean) => useQuery({ ...modelInfoQueryOptions(robotId), enabled });
