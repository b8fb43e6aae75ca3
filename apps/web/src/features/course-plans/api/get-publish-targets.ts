import { useQuery } from '@tanstack/react-query';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/coursePlan/classes {plan_id} — the classes I lead, and whether the plan is published to each. */
export const getPublishTargets = (planId: number, signal?: AbortSignal) => call(CoursePlan.classes, { plan_id: planId }, { signal });

export const usePublishTargets = (planId: number, enabled: boolean) =>
  useQuery({ queryKey: courseKeys.classes(planId), queryFn: ({ signal }) => getPublishTargets(planId, signal), enabled: enabled && planId > 0 });
