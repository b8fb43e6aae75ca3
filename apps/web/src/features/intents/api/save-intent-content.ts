import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { IntentContent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export type ContentInput = CallInput<typeof IntentContent.save>;

/** POST /api/ai/intentContent/save {id?, intent_id, sort, content_type, content} — one recommend part. */
export const saveIntentContent = (b: ContentInput) => call(IntentContent.save, b);

export function useSaveIntentContent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntentContent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
