import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRobotBody } from '@xueban/contract/robots';
import { api } from '../../../lib/api.ts';
import { robotKey } from './types.ts';

/** POST /api/ai/Robot/saveRobot — creates (no id) or updates a robot; answers its id. */
export const saveRobot = (body: SaveRobotBody) => api.post<{ id: number }>('/api/ai/Robot/saveRobot', body);

export function useSaveRobot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRobot, onSuccess: () => qc.invalidateQueries({ queryKey: robotKey }) });
}
