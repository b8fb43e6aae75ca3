import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/coursePlan/unpublish {plan_id, team_id}. */
export const unpublishPlan = (b: { plan_id: number; team_id: number }) => call(CoursePlan.unpublish, b);

export function useUnpublishPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unpublishPlan, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.all }) });
}
