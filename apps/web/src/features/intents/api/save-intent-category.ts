import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { IntentCategory } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export type CategoryInput = CallInput<typeof IntentCategory.save>;

/** POST /api/ai/intentCategory/save {id?, name, info} — creates, or edits with an id. */
export const saveIntentCategory = (b: CategoryInput) => call(IntentCategory.save, b);

export function useSaveIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
