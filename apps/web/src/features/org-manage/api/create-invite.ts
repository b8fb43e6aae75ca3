import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/groups/createInvite {expire_days, role}. */
export const createInvite = (input: CallInput<typeof Groups.createInvite>) => call(Groups.createInvite, input);
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKey }) });
}
