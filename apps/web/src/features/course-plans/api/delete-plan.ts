import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/coursePlan/delete {plan_id}. */
export const deletePlan = (planId: number) => call(CoursePlan.delete, { plan_id: planId });

export function useDeletePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePlan, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.plans }) });
}
