import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Sso } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** POST /api/uc/Sso/save (super admin); an empty client_secret keeps the stored one. */
export const saveSsoConfig = (input: CallInput<typeof Sso.save>) => call(Sso.save, input);
export function useSaveSsoConfig() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSsoConfig, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKey }) });
}
