import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseNode } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/courseNode/delete {node_id} — the node and everything under it. */
export const deleteNode = (nodeId: number) => call(CourseNode.delete, { node_id: nodeId });

export function useDeleteNode(planId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteNode, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.plan(planId) }) });
}
