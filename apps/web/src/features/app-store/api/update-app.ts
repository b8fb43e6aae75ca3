import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/ai/DeveloperApp/update: 修改应用信息. */
export const updateApp = (input: CallInput<typeof DeveloperApp.update>) => call(DeveloperApp.update, input);
export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
