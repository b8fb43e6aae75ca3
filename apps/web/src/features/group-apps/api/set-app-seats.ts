import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

/** POST /api/uc/GroupApp/setSeats: 修改席位数 {id, seats}. */
export const setAppSeats = (input: CallInput<typeof GroupApp.setSeats>) => call(GroupApp.setSeats, input);
export function useSetAppSeats() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAppSeats, onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }) });
}
