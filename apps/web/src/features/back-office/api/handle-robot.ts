import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminRobots } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST AdminRobots.handles; the back office's lists (and the audit trail) are read again after it. */
export function useHandleRobot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof AdminRobots.handles>) => call(AdminRobots.handles, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
