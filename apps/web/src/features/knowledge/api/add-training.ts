import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

/**
 * POST /api/ai/knowledge/training — adds documents (uploaded files, a web page, question/answer
 * pairs) to a knowledge base; each is queued and trained in the background.
 */
export const addTraining = (body: CallInput<typeof Knowledge.training>) => call(Knowledge.training, body, { long: true });

export function useAddTraining() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTraining, onSuccess: () => qc.invalidateQueries({ queryKey: kbKey }) });
}
