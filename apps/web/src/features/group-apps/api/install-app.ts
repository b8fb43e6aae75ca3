import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

/** POST /api/uc/GroupApp/install: 安装应用 {name, intro, seats}. */
export const installApp = (input: CallInput<typeof GroupApp.install>) => call(GroupApp.install, input);
export function useInstallApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: installApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }) });
}
