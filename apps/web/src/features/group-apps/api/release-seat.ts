import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

/** POST /api/uc/GroupApp/releaseSeat: 收回席位 {id, uid}. */
export const releaseSeat = (input: CallInput<typeof GroupApp.releaseSeat>) => call(GroupApp.releaseSeat, input);
export function useReleaseSeat() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseSeat, onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }) });
}
