import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** POST /api/ai/Marking/mark — the teacher's scores and comment, released to the student when `release` is 1. */
export const markSubmission = (body: CallInput<typeof Marking.mark>) => call(Marking.mark, body);

export function useMarkSubmission() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markSubmission, onSuccess: () => qc.invalidateQueries({ queryKey: markingKey }) });
}
