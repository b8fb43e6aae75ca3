import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@xueban/contract/uc';
import { api } from '../../../lib/api.ts';
import { setSessionUser } from './get-user-info.ts';

export interface RegisterInput {
  /** Mainland mobile number or email address. */
  account: string;
  password: string;
  truename?: string;
}

/** POST /api/uc/passport/doReg: creates the account and signs it in (the server sets the cookie). */
export const doRegister = (input: RegisterInput) => api.post<LoginResult>('/api/uc/passport/doReg', input);

export function useDoRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doRegister,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
