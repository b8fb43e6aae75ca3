import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { IntentContent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intentContent/sort {intent_id, ids} — the parts in this order. */
export const sortIntentContents = (b: CallInput<typeof IntentContent.sort>) => call(IntentContent.sort, b);

export function useSortIntentContents() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sortIntentContents, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.contents }) });
}
