import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';
import { boundContentKey } from './get-bound-contents.ts';

/** POST /api/ai/Robot/bindContent {robot_id, type, ids} — the robot draws on these (already bound ones stay). */
export const bindContent = (body: CallInput<typeof Robot.bindContent>) => call(Robot.bindContent, body);

export function useBindContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bindContent,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: boundContentKey }), qc.invalidateQueries({ queryKey: kbKey })]),
  });
}
