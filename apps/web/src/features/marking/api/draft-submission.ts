import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** A draft may wait on the model for a few minutes (the server's own limit is three). */
const DRAFT_TIMEOUT_MS = 190_000;

/** POST /api/ai/Marking/draft {id} — (re)drafts one submission with the AI now; a failure comes back as its reason. */
export const draftSubmission = (id: number) => call(Marking.draft, { id }, { timeoutMs: DRAFT_TIMEOUT_MS });

export function useDraftSubmission() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: draftSubmission, onSettled: () => qc.invalidateQueries({ queryKey: markingKey }) });
}
