import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';
import { boundContentKey } from './get-bound-contents.ts';

/** POST /api/ai/Robot/unbindContent {robot_id, type, id} (id: the bound content's, a knowledge base, an intent category…) — the robot no longer draws on it. */
export const unbindContent = (body: CallInput<typeof Robot.unbindContent>) => call(Robot.unbindContent, body);

export function useUnbindContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbindContent,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: boundContentKey }), qc.invalidateQueries({ queryKey: kbKey })]),
  });
}
