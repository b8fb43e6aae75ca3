import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/groups/setMemberRoles {uid, roles}. */
export const setMemberRoles = (input: CallInput<typeof Groups.setMemberRoles>) => call(Groups.setMemberRoles, input);
export function useSetMemberRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setMemberRoles, onSettled: () => queryClient.invalidateQueries({ queryKey: orgKey }) });
}
