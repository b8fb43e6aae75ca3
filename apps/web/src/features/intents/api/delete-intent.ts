import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Intent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intent/delete {id}. */
export const deleteIntent = (id: number) => call(Intent.delete, { id });

export function useDeleteIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
