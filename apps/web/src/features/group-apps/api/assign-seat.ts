import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

/** POST /api/uc/GroupApp/assignSeat: 分配席位 {id, uid}. */
export const assignSeat = (input: CallInput<typeof GroupApp.assignSeat>) => call(GroupApp.assignSeat, input);
export function useAssignSeat() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignSeat, onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }) });
}
