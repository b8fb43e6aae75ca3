import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';

export type CodePurpose = 'reset' | 'change';

/** POST /api/uc/User/sendcode: a 6-digit code to a mobile number or email, at most one a minute. */
export const sendCode = (input: { account: string; type: CodePurpose }) => call(User.sendcode, input);

export const useSendCode = () => useMutation({ mutationFn: sendCode });

export type ResetPassInput = CallInput<typeof User.resetUserPass>;

/** POST /api/uc/User/resetUserPass: a new password by code; every session of the account ends. */
export const resetUserPass = (input: ResetPassInput) => call(User.resetUserPass, input);

export const useResetUserPass = () => useMutation({ mutationFn: resetUserPass });
