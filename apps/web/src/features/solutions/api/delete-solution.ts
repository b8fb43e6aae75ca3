import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Solution } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { solutionKeys } from './keys.ts';

/** POST /api/ai/solution/delete {id} — the solution goes; what installs copied stays. */
export const deleteSolution = (id: number) => call(Solution.delete, { id });

export function useDeleteSolution() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSolution, onSuccess: () => qc.invalidateQueries({ queryKey: solutionKeys.list }) });
}
