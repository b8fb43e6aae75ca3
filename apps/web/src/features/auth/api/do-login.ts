import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@xueban/contract/uc';
import { api } from '../../../lib/api.ts';
import { setSessionUser } from './get-user-info.ts';

export interface LoginInput {
  /** Mainland mobile number or email address. */
  account: string;
  password: string;
}

/**
 * POST /api/uc/passport/doLogin. The server sets the HttpOnly `token` cookie; the token in
 * the answer is for API clients and is deliberately not kept by the web app.
 */
export const doLogin = (input: LoginInput) => api.post<LoginResult>('/api/uc/passport/doLogin', input);

export function useDoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doLogin,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
