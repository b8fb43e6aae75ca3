import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminGroup } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST AdminGroup.setStatus; the back office's lists (and the audit trail) are read again after it. */
export function useSetOrgStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof AdminGroup.setStatus>) => call(AdminGroup.setStatus, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
