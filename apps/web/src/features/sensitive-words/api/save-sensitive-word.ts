import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';

/** POST /api/ai/admin.Sensitive/save {word} — a word already listed (any Latin case) is refused. */
export const saveSensitiveWord = (word: string) => call(AdminSensitive.save, { word });

export function useSaveSensitiveWord() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSensitiveWord, onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }) });
}
