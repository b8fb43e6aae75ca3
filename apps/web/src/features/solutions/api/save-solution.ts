import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Solution } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { solutionKeys } from './keys.ts';

export type SolutionInput = CallInput<typeof Solution.save>;

/** POST /api/ai/solution/save {id?, name, info, robot_ids, knowledge_ids, intent_ids, course_ids, with_bound}. */
export const saveSolution = (b: SolutionInput) => call(Solution.save, b);

export function useSaveSolution() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSolution, onSuccess: () => qc.invalidateQueries({ queryKey: solutionKeys.list }) });
}
