import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

/** POST /api/ai/knowledge/delete {id} — the base, its documents and chunks, and its robot bindings. */
export const deleteKnowledgeBase = (id: number) => call(Knowledge.delete, { id });

export function useDeleteKnowledgeBase() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteKnowledgeBase, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
