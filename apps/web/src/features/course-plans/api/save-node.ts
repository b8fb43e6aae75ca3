import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput, CallResult } from '@xueban/contract/call';
import { CourseNode, type CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

export type NodeInput = CallInput<typeof CourseNode.save>;

/** POST /api/ai/courseNode/save {id?, plan_id, pid, title, content, files, questions}. */
export const saveNode = (b: NodeInput) => call(CourseNode.save, b);

export function useSaveNode(planId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveNode,
    onSuccess: (node) => {
      // The saved node is in the directory at once (a new one last under its parent, as the server sorts it),
      // so the side panel that opens on it never shows the node chosen before.
      qc.setQueryData<CallResult<typeof CoursePlan.detail>>(courseKeys.plan(planId), (old) => old && ({
        ...old,
        nodes: old.nodes.some((n) => n.id === node.id) ? old.nodes.map((n) => (n.id === node.id ? node : n)) : [...old.nodes, node],
      }));
      return qc.invalidateQueries({ queryKey: courseKeys.plan(planId) });
    },
  });
}
