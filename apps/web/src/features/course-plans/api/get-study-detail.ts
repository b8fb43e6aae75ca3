import { useQuery } from '@tanstack/react-query';
import { CourseStudy } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/courseStudy/detail {plan_id} — the directory with item_status for my class. */
export const getStudyDetail = (planId: number, signal?: AbortSignal) => call(CourseStudy.detail, { plan_id: planId }, { signal });

export const useStudyDetail = (planId: number) =>
  useQuery({ queryKey: [...courseKeys.study, 'detail', planId], queryFn: ({ signal }) => getStudyDetail(planId, signal), enabled: planId > 0 });
