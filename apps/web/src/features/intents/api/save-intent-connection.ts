import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intent/saveConnection {id, related_ids} — sets the related intents by hand (empty: the category's others). */
export const saveIntentConnection = (b: { id: number; related_ids: number[] }) => api.post<IntentItem[]>('/api/ai/intent/saveConnection', b);

export function useSaveIntentConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntentConnection, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.connection }) });
}
