import { useQuery } from '@tanstack/react-query';
import { CourseTeach } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/courseTeach/detail {plan_id, team_id?} — one class's unlocks and who studied each node. */
export const getTeachingDetail = (planId: number, teamId: number | undefined, signal?: AbortSignal) =>
  call(CourseTeach.detail, { plan_id: planId, ...(teamId ? { team_id: teamId } : {}) }, { signal });

export const useTeachingDetail = (planId: number, teamId?: number) =>
  useQuery({
    queryKey: [...courseKeys.teaching, 'detail', planId, teamId ?? 0],
    queryFn: ({ signal }) => getTeachingDetail(planId, teamId, signal),
    enabled: planId > 0,
  });
