import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { reloadSession } from '../../../lib/session.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/groups/update: name and logo of the current organisation. */
export const updateOrg = (input: CallInput<typeof Groups.update>) => call(Groups.update, input);

export function useUpdateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrg,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKey });
      await reloadSession(queryClient);
    },
  });
}
