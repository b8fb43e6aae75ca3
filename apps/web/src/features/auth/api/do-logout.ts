import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Passport } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** POST /api/uc/passport/doLogout: revokes the session and clears the cookie. */
export const doLogout = () => call(Passport.doLogout);

export function useDoLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doLogout,
    onSuccess: () => setSessionUser(queryClient, null),
  });
}
