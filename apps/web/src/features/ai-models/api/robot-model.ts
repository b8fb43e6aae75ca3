import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RobotModelInfo, robotModelBody } from '@xueban/contract/ai-models';
import { api } from '../../../lib/api.ts';

const robotModelKey = (id: number) => ['ai', 'Robot', 'getRobotModel', id] as const;

/** GET /api/ai/Robot/getRobotModel — the robot's chat and reasoning model and the models it may pick. */
export const robotModelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: robotModelKey(id),
    queryFn: ({ signal }) => api.get<RobotModelInfo>('/api/ai/Robot/getRobotModel', { id }, { signal }),
  });
export const useRobotModel = (id: number) => useQuery(robotModelQueryOptions(id));

/** POST /api/ai/Robot/setRobotModel — null goes back to the platform default. */
export function useSetRobotModel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<z.input<typeof robotModelBody>, 'id'>) => api.post<null>('/api/ai/Robot/setRobotModel', { id, ...body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: robotModelKey(id) }),
  });
}
