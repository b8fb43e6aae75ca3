import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intentCategory/delete {id} — with its intents and their content. */
export const deleteIntentCategory = (id: number) => api.post<null>('/api/ai/intentCategory/delete', { id });

export function useDeleteIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
