import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminRobots } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST AdminRobots.delete; the back office's lists (and the audit trail) are read again after it. */
export function useDeleteAdminRobot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof AdminRobots.delete>) => call(AdminRobots.delete, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
