import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RobotTool } from '@xueban/contract/calls/mcp';
import { call } from '../../../lib/api.ts';

const key = (robotId: number) => ['ai', 'RobotTool', robotId] as const;

/** GET /api/ai/RobotTool/lists — the tools the robot may use, and whether it does. */
export const useRobotTools = (robotId: number) =>
  useQuery({ queryKey: key(robotId), queryFn: ({ signal }) => call(RobotTool.lists, { robot_id: robotId }, { signal }) });

/** POST /api/ai/RobotTool/update. */
export function useSetRobotTool(robotId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { tool_id: number; enabled: 0 | 1 }) => call(RobotTool.update, { robot_id: robotId, ...b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(robotId) }),
  });
}
