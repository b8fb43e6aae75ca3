import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/groups/removeMember {uid}. */
export const removeMember = (uid: number) => call(Groups.removeMember, { uid });
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => queryClient.invalidateQueries({ queryKey: orgKey }) });
}
