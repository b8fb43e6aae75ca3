import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

/** POST /api/ai/knowledge/deltrain {ids} — removes documents and their chunks. */
export const deleteDocuments = (ids: number[]) => call(Knowledge.deltrain, { ids });

export function useDeleteDocuments() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteDocuments, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
