import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { robotKey } from './keys.ts';

/** POST /api/ai/Robot/saveRobot — creates (no id) or updates a robot; answers it. */
export const saveRobot = (body: CallInput<typeof Robot.saveRobot>) => call(Robot.saveRobot, body);

export function useSaveRobot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRobot, onSuccess: () => qc.invalidateQueries({ queryKey: robotKey }) });
}
