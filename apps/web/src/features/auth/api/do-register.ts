import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Passport } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** account: a mainland mobile number or an email address. */
export type RegisterInput = CallInput<typeof Passport.doReg>;

/** POST /api/uc/passport/doReg: creates the account and signs it in (the server sets the cookie). */
export const doRegister = (input: RegisterInput) => call(Passport.doReg, input);

export function useDoRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doRegister,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
