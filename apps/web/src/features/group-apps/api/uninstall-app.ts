import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

/** POST /api/uc/GroupApp/uninstall: 卸载应用 {id}. */
export const uninstallApp = (id: number) => call(GroupApp.uninstall, { id });
export function useUninstallApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uninstallApp, onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }) });
}
