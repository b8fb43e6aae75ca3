import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** What the robot's model can do: the 联网 and 深度思考 switches follow it. */
export interface ModelInfo { model: string; builtin: boolean; tips: string; reasoning: boolean; vision: boolean; network: boolean }

/** GET /api/ai/Chat/modelInfo {id: robot id}. */
export const modelInfoQueryOptions = (robotId: number) =>
  queryOptions({
    queryKey: ['ai', 'Chat', 'modelInfo', robotId],
    queryFn: ({ signal }) => api.get<ModelInfo>('/api/ai/Chat/modelInfo', { id: robotId }, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export const useModelInfo = (robotId: number, enabled: boolean) => useQuery({ ...modelInfoQueryOptions(robotId), enabled });
