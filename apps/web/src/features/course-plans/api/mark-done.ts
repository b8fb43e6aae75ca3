import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseStudy } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/courseStudy/done {plan_id, node_id} — 标记学完. */
export const markDone = (b: { plan_id: number; node_id: number }) => call(CourseStudy.done, b);

export function useMarkDone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markDone, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.study }) });
}
