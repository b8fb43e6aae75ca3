import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** POST /api/ai/Marking/submit — hands work in (text and uploaded files); the server reads the files' text. */
export const submitWork = (body: CallInput<typeof Marking.submit>) => call(Marking.submit, body, { long: true });

export function useSubmitWork() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitWork, onSuccess: () => qc.invalidateQueries({ queryKey: markingKey }) });
}
