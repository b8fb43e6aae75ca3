import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { robotKey } from './keys.ts';

/** POST /api/ai/Robot/release — asks to publish to the square or the template library (pending review). */
export const releaseRobot = (body: CallInput<typeof Robot.release>) => call(Robot.release, body);

export function useReleaseRobot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseRobot, onSuccess: () => qc.invalidateQueries({ queryKey: robotKey }) });
}
