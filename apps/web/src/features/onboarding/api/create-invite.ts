import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { checklistKey } from './checklist.ts';

/** POST /api/uc/groups/createInvite — a student invite link to the current organisation (7 days). */
export const useCreateInvite = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(Groups.createInvite, { expire_days: 7, role: 'ROLE_STUDENT' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: checklistKey }),
  });
};
