import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminGroup } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST AdminGroup.setTier; the back office's lists (and the audit trail) are read again after it. */
export function useSetOrgTier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof AdminGroup.setTier>) => call(AdminGroup.setTier, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
