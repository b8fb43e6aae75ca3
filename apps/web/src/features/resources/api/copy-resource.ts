import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { ResCenter } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/resCenter/copy {kind, id} — a copy with its own id in my organisation. */
export const copyResource = (b: CallInput<typeof ResCenter.copy>) => call(ResCenter.copy, b);

export function useCopyResource() {
  const qc = useQueryClient();
  // The copy shows up in my own lists (robots, knowledge, intents, courses) and the counters change.
  return useMutation({ mutationFn: copyResource, onSuccess: () => qc.invalidateQueries({ queryKey: ['ai'] }) });
}
