import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBaseItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbKey } from './keys.ts';

export interface KbSaveInput {
  id?: number | undefined;
  name: string;
  info: string;
}

/** POST /api/ai/knowledge/save {id?, name, info} — creates a knowledge base, or renames one with `id`. */
export const saveKnowledgeBase = (body: KbSaveInput) => api.post<KnowledgeBaseItem>('/api/ai/knowledge/save', body);

export function useSaveKnowledgeBase() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveKnowledgeBase, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
