import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminIntent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.intent/save {id?, name, info} — edits any organisation's category (super admin). */
export const saveAdminIntent = (b: CallInput<typeof AdminIntent.save>) => call(AdminIntent.save, b);

export function useSaveAdminIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveAdminIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
