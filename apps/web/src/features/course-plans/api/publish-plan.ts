import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/coursePlan/publish {plan_id, team_id} — every node starts locked for the class. */
export const publishPlan = (b: { plan_id: number; team_id: number }) => call(CoursePlan.publish, b);

export function usePublishPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishPlan, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.all }) });
}
