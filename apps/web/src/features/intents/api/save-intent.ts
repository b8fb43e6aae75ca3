import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Intent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export type IntentInput = CallInput<typeof Intent.save>;

/** POST /api/ai/intent/save {id?, category_id, name, keywords, info, sort}. */
export const saveIntent = (b: IntentInput) => call(Intent.save, b);

export function useSaveIntent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntent, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.all }) });
}
