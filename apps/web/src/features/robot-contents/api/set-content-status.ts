import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { boundContentKey } from './get-bound-contents.ts';

/** POST /api/ai/Robot/setRobotContentStatus {robot_id, type, id, status} — 1 used in answers, 0 switched off. */
export const setContentStatus = (body: CallInput<typeof Robot.setRobotContentStatus>) => call(Robot.setRobotContentStatus, body);

export function useSetContentStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setContentStatus, onSuccess: () => qc.invalidateQueries({ queryKey: boundContentKey }) });
}
