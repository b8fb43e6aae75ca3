import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminUser } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST AdminUser.setStatus; the back office's lists (and the audit trail) are read again after it. */
export function useSetUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof AdminUser.setStatus>) => call(AdminUser.setStatus, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
