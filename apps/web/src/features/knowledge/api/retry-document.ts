import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeDocumentItem } from '@xueban/contract/knowledge';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

/**
 * Trains a failed document again: POST /api/ai/knowledge/retrytrain {id} for files and web pages,
 * POST /api/ai/knowledge/retryqatrain {id} for question/answer documents.
 */
export const retryDocument = (doc: Pick<KnowledgeDocumentItem, 'id' | 'type'>) =>
  call(doc.type === 'qa' ? Knowledge.retryqatrain : Knowledge.retrytrain, { id: doc.id });

export function useRetryDocument() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retryDocument, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
