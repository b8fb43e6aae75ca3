import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { CoursePlan } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

export type PlanListParams = CallInput<typeof CoursePlan.lists>;

/** GET /api/ai/coursePlan/lists {page, limit, keyword?} — the plans I manage (an org admin: all of the organisation's). */
export const getPlans = (p: PlanListParams, signal?: AbortSignal) => call(CoursePlan.lists, p, { signal });

export const usePlans = (p: PlanListParams) =>
  useQuery({ queryKey: [...courseKeys.plans, p], queryFn: ({ signal }) => getPlans(p, signal), placeholderData: keepPreviousData });
