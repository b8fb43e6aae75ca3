import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeChunkItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbChunksKey } from './keys.ts';

export interface EditChunkInput {
  id: number;
  content: string;
  question?: string | undefined;
}

/** POST /api/ai/knowledge/edittrain {id, content, question?} — rewrites one chunk (searched anew at once). */
export const editChunk = (body: EditChunkInput) => api.post<KnowledgeChunkItem>('/api/ai/knowledge/edittrain', body);

export function useEditChunk() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editChunk, onSuccess: () => qc.invalidateQueries({ queryKey: kbChunksKey }) });
}
