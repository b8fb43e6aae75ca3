import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';
import { sensitiveWordsKey } from './get-sensitive-words.ts';

/** POST /api/ai/admin.Sensitive/delete {ids}. */
export const deleteSensitiveWords = (ids: number[]) => call(AdminSensitive.delete, { ids });

export function useDeleteSensitiveWords() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSensitiveWords, onSuccess: () => qc.invalidateQueries({ queryKey: sensitiveWordsKey }) });
}
