import { useMutation, useQueryClient } from '@tanstack/react-query';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** POST /api/uc/User/setCurrentGroup {group_id}: the embedded view's organisation switch. */
export const switchGroup = (group_id: number) => call(User.setCurrentGroup, { group_id });
export function useSwitchGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchGroup,
    onSuccess: (user) => {
      // Every cached answer belonged to the old organisation.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'uc' || q.queryKey[1] !== 'passport' });
      setSessionUser(queryClient, user);
    },
  });
}
