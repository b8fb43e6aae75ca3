import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

export type KbSaveInput = CallInput<typeof Knowledge.save>;

/** POST /api/ai/knowledge/save {id?, name, info} — creates a knowledge base, or renames one with `id`. */
export const saveKnowledgeBase = (body: KbSaveInput) => call(Knowledge.save, body);

export function useSaveKnowledgeBase() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveKnowledgeBase, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
