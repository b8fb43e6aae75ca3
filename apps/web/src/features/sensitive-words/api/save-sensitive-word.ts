import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SensitiveWordItem } from '@xueban/contract/sensitive';
import { api } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';

/** POST /api/ai/admin.Sensitive/save {word} — a word already listed (any Latin case) is refused. */
export const saveSensitiveWord = (word: string) => api.post<SensitiveWordItem>('/api/ai/admin.Sensitive/save', { word });

export function useSaveSensitiveWord() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSensitiveWord, onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }) });
}
