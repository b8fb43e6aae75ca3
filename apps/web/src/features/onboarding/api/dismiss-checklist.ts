import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Onboarding } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';
import { checklistKey } from './checklist.ts';

/** POST /api/uc/Onboarding/dismiss — 不再显示: the checklist goes for good. */
export const useDismissChecklist = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(Onboarding.dismiss, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: checklistKey }),
  });
};
