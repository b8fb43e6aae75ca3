import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import type { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';
import { callsOf, type WordList } from './word-list.ts';

export type SaveWordInput = CallInput<typeof AdminSensitive.save>;

/** POST …Sensitive/save {word, category, severity} — a word already listed (any Latin case) is refused. */
export const saveSensitiveWord = (list: WordList, input: SaveWordInput) => call(callsOf(list).save, input);

export function useSaveSensitiveWord(list: WordList) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveWordInput) => saveSensitiveWord(list, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }),
  });
}
