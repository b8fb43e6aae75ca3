import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbChunksKey } from '../../../lib/queries/knowledge-keys.ts';

export type EditChunkInput = CallInput<typeof Knowledge.edittrain>;

/** POST /api/ai/knowledge/edittrain {id, content, question?} — rewrites one chunk (searched anew at once). */
export const editChunk = (body: EditChunkInput) => call(Knowledge.edittrain, body);

export function useEditChunk() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editChunk, onSuccess: () => qc.invalidateQueries({ queryKey: kbChunksKey }) });
}
