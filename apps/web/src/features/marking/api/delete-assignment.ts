import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** POST /api/ai/Marking/delete {id} — removes an assignment with its submissions. */
export const deleteAssignment = (id: number) => call(Marking.delete, { id });

export function useDeleteAssignment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAssignment, onSuccess: () => qc.invalidateQueries({ queryKey: markingKey }) });
}
