import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Publish } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

export type PublishInput = CallInput<typeof Publish.save>;

/** POST /api/ai/publish/save {kind, content_id, scope, subject, licence, info} — waits for the organisation admin's review. */
export const publishContent = (b: PublishInput) => call(Publish.save, b);

export function usePublishContent() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishContent, onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all }) });
}
