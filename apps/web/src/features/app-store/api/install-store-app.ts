import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AppStore } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/uc/AppStore/install {id, seats}: copies the app into my organisation. */
export const installStoreApp = (input: CallInput<typeof AppStore.install>) => call(AppStore.install, input);
export function useInstallStoreApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: installStoreApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
