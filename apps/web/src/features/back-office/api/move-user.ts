import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminGroup } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST AdminGroup.moveUser; the back office's lists (and the audit trail) are read again after it. */
export function useMoveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof AdminGroup.moveUser>) => call(AdminGroup.moveUser, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
