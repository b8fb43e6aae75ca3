import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { CourseNode } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/courseNode/move {plan_id, items: [{id, pid}] in display order} — after a drag. */
export const moveNodes = (b: CallInput<typeof CourseNode.move>) => call(CourseNode.move, b);

export function useMoveNodes(planId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: moveNodes, onSettled: () => qc.invalidateQueries({ queryKey: courseKeys.plan(planId) }) });
}
