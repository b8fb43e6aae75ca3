import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** POST /api/ai/Marking/releaseAll {id} — releases every AI-drafted submission of an assignment. */
export const releaseAll = (assignmentId: number) => call(Marking.releaseAll, { id: assignmentId });

export function useReleaseAll() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseAll, onSuccess: () => qc.invalidateQueries({ queryKey: markingKey }) });
}
