import { useMutation, useQueryClient } from '@tanstack/react-query';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** POST /api/uc/User/setCurrentGroup: switches organisation; every cached answer belonged to the old one. */
export const setCurrentGroup = (group_id: number) => call(User.setCurrentGroup, { group_id });

export function useSetCurrentGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCurrentGroup, onSuccess: (user) => setSessionUser(queryClient, user) });
}
