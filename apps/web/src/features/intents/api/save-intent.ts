import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export interface IntentInput { id?: number | undefined; category_id: number; name: string; keywords: string[]; info: string; sort: number }

/** POST /api/ai/intent/save {id?, category_id, name, keywords, info, sort}. */
export const saveIntent = (b: IntentInput) => api.post<IntentItem>('/api/ai/intent/save', b);

export function useSaveIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
