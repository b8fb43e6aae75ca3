import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/ai/DeveloperApp/submit: 提交上架审核. */
export const submitApp = (input: CallInput<typeof DeveloperApp.submit>) => call(DeveloperApp.submit, input);
export function useSubmitApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
