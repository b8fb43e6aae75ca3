import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type CodePurpose = 'reset' | 'change';

/** POST /api/uc/User/sendcode: a 6-digit code to a mobile number or email, at most one a minute. */
export const sendCode = (input: { account: string; type: CodePurpose }) => api.post<null>('/api/uc/User/sendcode', input);

export const useSendCode = () => useMutation({ mutationFn: sendCode });

export interface ResetPassInput {
  account: string;
  code: string;
  password: string;
}

/** POST /api/uc/User/resetUserPass: a new password by code; every session of the account ends. */
export const resetUserPass = (input: ResetPassInput) => api.post<null>('/api/uc/User/resetUserPass', input);

export const useResetUserPass = () => useMutation({ mutationFn: resetUserPass });
