import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecommendPart } from '@xueban/contract/chat';
import type { IntentContentItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export type ContentInput = RecommendPart & { id?: number | undefined; intent_id: number };

/** POST /api/ai/intentContent/save {id?, intent_id, sort, content_type, content} — one recommend part. */
export const saveIntentContent = (b: ContentInput) => api.post<IntentContentItem>('/api/ai/intentContent/save', b);

export function useSaveIntentContent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntentContent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
