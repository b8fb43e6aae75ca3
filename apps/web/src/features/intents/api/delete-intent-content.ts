import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IntentContent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intentContent/delete {id}. */
export const deleteIntentContent = (id: number) => call(IntentContent.delete, { id });

export function useDeleteIntentContent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteIntentContent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
