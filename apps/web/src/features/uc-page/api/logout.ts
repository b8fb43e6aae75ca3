import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Passport } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** POST /api/uc/passport/doLogout. */
export const logout = () => call(Passport.doLogout);
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => setSessionUser(queryClient, null) });
}
