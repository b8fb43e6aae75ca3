import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/ai/DeveloperApp/withdraw: 撤回审核或下架. */
export const withdrawApp = (input: CallInput<typeof DeveloperApp.withdraw>) => call(DeveloperApp.withdraw, input);
export function useWithdrawApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
