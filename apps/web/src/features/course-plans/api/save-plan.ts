import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

export type PlanInput = CallInput<typeof CoursePlan.save>;

/** POST /api/ai/coursePlan/save {id?, title, description}. */
export const savePlan = (b: PlanInput) => call(CoursePlan.save, b);

export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePlan, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.all }) });
}
