import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/ai/DeveloperApp/delete: 删除应用. */
export const deleteApp = (input: CallInput<typeof DeveloperApp.delete>) => call(DeveloperApp.delete, input);
export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
