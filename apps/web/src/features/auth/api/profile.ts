import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setUserInfo } from '../../../lib/session.ts';

export type ProfileInput = CallInput<typeof User.update>;

/** POST /api/uc/User/update: profile fields only; answers with the updated user info. */
export const updateProfile = (input: ProfileInput) => call(User.update, input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUserInfo(queryClient, user) });
}

/** POST /api/uc/User/modifyPass: the server ends every other session, this one stays. */
export const modifyPass = (input: CallInput<typeof User.modifyPass>) => call(User.modifyPass, input);

export const useModifyPass = () => useMutation({ mutationFn: modifyPass });

/** POST /api/uc/User/changeMobileOrEmail: a new mobile or email proven by its code (type 'change'). */
export const changeAccount = (input: CallInput<typeof User.changeMobileOrEmail>) => call(User.changeMobileOrEmail, input);

export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeAccount, onSuccess: (user) => setUserInfo(queryClient, user) });
}
