import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import type { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';
import { callsOf, type WordList } from './word-list.ts';

/** The import's words as typed (one per line or comma-separated), with their category and severity. */
export type ImportInput = Omit<CallInput<typeof AdminSensitive.import>, 'words'> & { text: string };

/**
 * POST …Sensitive/import {words, category, severity} — a text with one word per line (or
 * comma-separated), all given one category and severity; the server splits, trims and skips.
 */
export const importSensitiveWords = (list: WordList, { text, category, severity }: ImportInput) =>
  call(callsOf(list).import, { words: text, category, severity }, { long: true });

export function useImportSensitiveWords(list: WordList) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => importSensitiveWords(list, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }),
  });
}
