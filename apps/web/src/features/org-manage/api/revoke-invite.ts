import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GroupManage } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/GroupManage/revokeInvite {id}. */
export const revokeInvite = (id: number) => call(GroupManage.revokeInvite, { id });
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvite, onSettled: () => queryClient.invalidateQueries({ queryKey: orgKey }) });
}
