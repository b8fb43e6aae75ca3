import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/ai-models';
import { call } from '../../../lib/api.ts';

const robotModelKey = (id: number) => ['ai', 'Robot', 'getRobotModel', id] as const;

/** GET /api/ai/Robot/getRobotModel — the robot's chat and reasoning model and the models it may pick. */
export const robotModelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: robotModelKey(id),
    queryFn: ({ signal }) => call(Robot.getRobotModel, { id }, { signal }),
  });
export const useRobotModel = (id: number) => useQuery(robotModelQueryOptions(id));

/** POST /api/ai/Robot/setRobotModel — null goes back to the platform default. */
export function useSetRobotModel(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CallInput<typeof Robot.setRobotModel>, 'id'>) => call(Robot.setRobotModel, { id, ...body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: robotModelKey(id) }),
  });
}
