import { useQuery } from '@tanstack/react-query';
import { CourseStudy } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/courseStudy/node {plan_id, node_id} — an open lesson's content (a locked one is refused). */
export const getStudyNode = (planId: number, nodeId: number, signal?: AbortSignal) =>
  call(CourseStudy.node, { plan_id: planId, node_id: nodeId }, { signal });

export const useStudyNode = (planId: number, nodeId: number | undefined) =>
  useQuery({
    queryKey: [...courseKeys.study, 'node', planId, nodeId ?? 0],
    queryFn: ({ signal }) => getStudyNode(planId, nodeId!, signal),
    enabled: planId > 0 && !!nodeId,
    retry: false,
  });
