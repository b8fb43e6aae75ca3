import { useQuery } from '@tanstack/react-query';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/coursePlan/detail {plan_id} — a plan I manage with every node's text, files and questions. */
export const getPlanDetail = (planId: number, signal?: AbortSignal) => call(CoursePlan.detail, { plan_id: planId }, { signal });

export const usePlanDetail = (planId: number) =>
  useQuery({ queryKey: courseKeys.plan(planId), queryFn: ({ signal }) => getPlanDetail(planId, signal), enabled: planId > 0 });
