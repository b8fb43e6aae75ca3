import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@xueban/contract/uc';
import { api } from '../../../lib/api.ts';
import { setSessionUser } from './get-user-info.ts';

/** POST /api/uc/User/setCurrentGroup: switches organisation; every cached answer belonged to the old one. */
export const setCurrentGroup = (group_id: number) => api.post<UserInfo>('/api/uc/User/setCurrentGroup', { group_id });

export function useSetCurrentGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCurrentGroup, onSuccess: (user) => setSessionUser(queryClient, user) });
}
