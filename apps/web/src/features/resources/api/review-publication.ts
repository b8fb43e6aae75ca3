import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Publish } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

/** POST /api/ai/publish/review {id, status 3 | -2, reason} — approve, or reject with a reason. */
export const reviewPublication = (b: CallInput<typeof Publish.review>) => call(Publish.review, b);

export function useReviewPublication() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reviewPublication, onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all }) });
}
