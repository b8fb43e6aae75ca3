import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { RobotApiKey } from '@xueban/contract/calls/robot-api';
import { call } from '../../../lib/api.ts';
import { apiKeysKey, apiUsageKey } from './keys.ts';

/** POST /api/ai/RobotApiKey/create — the answer holds the key, shown this once. */
export function useCreateApiKey(robotId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CallInput<typeof RobotApiKey.create>, 'robot_id'>) => call(RobotApiKey.create, { robot_id: robotId, ...body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: apiKeysKey(robotId) }), qc.invalidateQueries({ queryKey: apiUsageKey(robotId) })]),
  });
}
