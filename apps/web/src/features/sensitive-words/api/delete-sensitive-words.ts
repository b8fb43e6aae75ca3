import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';
import { callsOf, type WordList } from './word-list.ts';

/** POST …Sensitive/delete {ids}. */
export const deleteSensitiveWords = (list: WordList, ids: number[]) => call(callsOf(list).delete, { ids });

export function useDeleteSensitiveWords(list: WordList) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteSensitiveWords(list, ids),
    onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }),
  });
}
