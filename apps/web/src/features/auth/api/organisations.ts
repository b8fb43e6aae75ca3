import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { reloadSession } from '../../../lib/session.ts';

/** POST /api/uc/groups/save: a new organisation (trial); its creator becomes admin and is switched into it. */
export const createGroup = (name: string) => call(Groups.save, { name });

/** It changes the current organisation server-side: the session is re-read afterwards. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => reloadSession(queryClient) });
}
