import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Intent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intent/saveConnection {id, related_ids} — sets the related intents by hand (empty: the category's others). */
export const saveIntentConnection = (b: CallInput<typeof Intent.saveConnection>) => call(Intent.saveConnection, b);

export function useSaveIntentConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveIntentConnection, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.connection }) });
}
