import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeDocumentItem, TrainingBody } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbKey } from './keys.ts';

/**
 * POST /api/ai/knowledge/training — adds documents (uploaded files, a web page, question/answer
 * pairs) to a knowledge base; each is queued and trained in the background.
 */
export const addTraining = (body: TrainingBody) => api.post<KnowledgeDocumentItem[]>('/api/ai/knowledge/training', body, { long: true });

export function useAddTraining() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTraining, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
