import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Passport } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** account: a mainland mobile number or an email address. */
export type LoginInput = CallInput<typeof Passport.doLogin>;

/**
 * POST /api/uc/passport/doLogin. The server sets the HttpOnly `token` cookie; the token in
 * the answer is for API clients and is deliberately not kept by the web app.
 */
export const doLogin = (input: LoginInput) => call(Passport.doLogin, input);

export function useDoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doLogin,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
