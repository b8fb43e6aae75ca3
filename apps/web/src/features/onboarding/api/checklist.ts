import { useQuery } from '@tanstack/react-query';
import { Onboarding } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

export const checklistKey = ['uc', 'Onboarding', 'checklist'] as const;

/** GET /api/uc/Onboarding/checklist — the admin's first-start checklist, each item done by what exists. */
export const useChecklist = () =>
  useQuery({ queryKey: checklistKey, queryFn: ({ signal }) => call(Onboarding.checklist, undefined, { signal }), staleTime: 30_000 });
