import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentContentItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intentContent/sort {intent_id, ids} — the parts in this order. */
export const sortIntentContents = (b: { intent_id: number; ids: number[] }) => api.post<IntentContentItem[]>('/api/ai/intentContent/sort', b);

export function useSortIntentContents() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sortIntentContents, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.contents }) });
}
