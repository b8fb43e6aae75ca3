import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Groups } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { reloadSession } from '../../../lib/session.ts';

/** POST /api/uc/groups/join: joins by an invite link's code and expire_time, and switches into it. */
export const joinGroup = (input: CallInput<typeof Groups.join>) => call(Groups.join, input);

/** It changes the current organisation server-side: the session is re-read afterwards. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinGroup, onSuccess: () => reloadSession(queryClient) });
}
