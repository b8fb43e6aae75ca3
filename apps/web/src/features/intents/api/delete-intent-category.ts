import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IntentCategory } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intentCategory/delete {id} — with its intents and their content. */
export const deleteIntentCategory = (id: number) => call(IntentCategory.delete, { id });

export function useDeleteIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
