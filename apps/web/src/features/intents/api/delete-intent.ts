import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intent/delete {id}. */
export const deleteIntent = (id: number) => api.post<null>('/api/ai/intent/delete', { id });

export function useDeleteIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
