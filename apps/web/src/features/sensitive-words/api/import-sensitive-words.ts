import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';

/**
 * POST /api/ai/admin.Sensitive/import {words} — a text with one word per line (or comma-separated);
 * up to 10 000 words, a long call. Repeats and words already listed are skipped.
 */
export const importSensitiveWords = (text: string) =>
  call(AdminSensitive.import, { words: text }, { long: true });

export function useImportSensitiveWords() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importSensitiveWords, onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }) });
}
