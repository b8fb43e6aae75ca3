import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { CourseNode } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

export type NodeInput = CallInput<typeof CourseNode.save>;

/** POST /api/ai/courseNode/save {id?, plan_id, pid, title, content, files, questions}. */
export const saveNode = (b: NodeInput) => call(CourseNode.save, b);

export function useSaveNode(planId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveNode, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.plan(planId) }) });
}
