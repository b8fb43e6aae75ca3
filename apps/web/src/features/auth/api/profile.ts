import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@xueban/contract/uc';
import { api } from '../../../lib/api.ts';
import { setUserInfo } from './get-user-info.ts';

export interface ProfileInput {
  truename?: string;
  name?: string;
  avatar?: string;
}

/** POST /api/uc/User/update: profile fields only; answers with the updated user info. */
export const updateProfile = (input: ProfileInput) => api.post<UserInfo>('/api/uc/User/update', input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUserInfo(queryClient, user) });
}

/** POST /api/uc/User/modifyPass: the server ends every other session, this one stays. */
export const modifyPass = (input: { old_password: string; password: string }) => api.post<null>('/api/uc/User/modifyPass', input);

export const useModifyPass = () => useMutation({ mutationFn: modifyPass });

/** POST /api/uc/User/changeMobileOrEmail: a new mobile or email proven by its code (type 'change'). */
export const changeAccount = (input: { account: string; code: string }) => api.post<UserInfo>('/api/uc/User/changeMobileOrEmail', input);

export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeAccount, onSuccess: (user) => setUserInfo(queryClient, user) });
}
