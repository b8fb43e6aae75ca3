import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.intent/delete {id} — any organisation's category (super admin). */
export const deleteAdminIntent = (id: number) => api.post<null>('/api/ai/admin.intent/delete', { id });

export function useDeleteAdminIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAdminIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
