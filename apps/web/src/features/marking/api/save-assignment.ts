import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** POST /api/ai/Marking/save — sets (or edits) an assignment for a class; a new one is posted to the class news. */
export const saveAssignment = (body: CallInput<typeof Marking.save>) => call(Marking.save, body);

export function useSaveAssignment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveAssignment, onSuccess: () => qc.invalidateQueries({ queryKey: markingKey }) });
}
