import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/ai/DeveloperApp/create: 新建应用（草稿）. */
export const createApp = (input: CallInput<typeof DeveloperApp.create>) => call(DeveloperApp.create, input);
export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
