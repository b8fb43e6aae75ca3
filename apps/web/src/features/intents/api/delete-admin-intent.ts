import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminIntent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.intent/delete {id} — any organisation's category (super admin). */
export const deleteAdminIntent = (id: number) => call(AdminIntent.delete, { id });

export function useDeleteAdminIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAdminIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
