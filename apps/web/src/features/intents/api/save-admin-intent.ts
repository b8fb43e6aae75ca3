import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntentCategoryItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.intent/save {id?, name, info} — edits any organisation's category (super admin). */
export const saveAdminIntent = (b: { id?: number | undefined; name: string; info?: string | undefined }) =>
  api.post<IntentCategoryItem>('/api/ai/admin.intent/save', b);

export function useSaveAdminIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveAdminIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
