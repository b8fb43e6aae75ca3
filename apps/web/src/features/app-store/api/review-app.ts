import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** POST /api/ai/admin.app/audit {id, status, reason}: approve into the store or reject. */
export const reviewApp = (input: CallInput<typeof AdminApp.audit>) => call(AdminApp.audit, input);
export function useReviewApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appStoreKey }) });
}
