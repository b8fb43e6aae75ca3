import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupManage } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/GroupManage/addMember {account, truename?, password?, role}. */
export const addMember = (input: CallInput<typeof GroupManage.addMember>) => call(GroupManage.addMember, input);
export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKey }) });
}
