import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

// The app centre's changes (POST /api/uc/GroupApp/*): each refreshes the lists and the detail.

export const installApp = (input: CallInput<typeof GroupApp.install>) => call(GroupApp.install, input);
export const setAppSeats = (input: CallInput<typeof GroupApp.setSeats>) => call(GroupApp.setSeats, input);
export const assignSeat = (input: CallInput<typeof GroupApp.assignSeat>) => call(GroupApp.assignSeat, input);
export const releaseSeat = (input: CallInput<typeof GroupApp.releaseSeat>) => call(GroupApp.releaseSeat, input);
export const uninstallApp = (id: number) => call(GroupApp.uninstall, { id });

function useAppMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }) });
}
export const useInstallApp = () => useAppMutation(installApp);
export const useSetAppSeats = () => useAppMutation(setAppSeats);
export const useAssignSeat = () => useAppMutation(assignSeat);
export const useReleaseSeat = () => useAppMutation(releaseSeat);
export const useUninstallApp = () => useAppMutation(uninstallApp);
