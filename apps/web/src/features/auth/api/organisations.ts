import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reloadSession } from './get-user-info.ts';

interface GroupRef {
  group_id: number;
  name?: string;
  group_name?: string;
}

/** POST /api/uc/groups/save: a new organisation (trial); its creator becomes admin and is switched into it. */
export const createGroup = (name: string) => api.post<GroupRef>('/api/uc/groups/save', { name });

/** POST /api/uc/groups/join: joins by an invite link's code and expire_time, and switches into it. */
export const joinGroup = (input: { invite_code: string; expire_time: number }) => api.post<GroupRef>('/api/uc/groups/join', input);

/** Both calls change the current organisation server-side: the session is re-read afterwards. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => reloadSession(queryClient) });
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinGroup, onSuccess: () => reloadSession(queryClient) });
}
