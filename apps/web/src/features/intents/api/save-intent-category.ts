import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentCategoryItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export interface CategoryInput { id?: number | undefined; name: string; info?: string | undefined }

/** POST /api/ai/intentCategory/save {id?, name, info} — creates, or edits with an id. */
export const saveIntentCategory = (b: CategoryInput) => api.post<IntentCategoryItem>('/api/ai/intentCategory/save', b);

export function useSaveIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
