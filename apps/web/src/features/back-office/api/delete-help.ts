import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HelpCenter } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST HelpCenter/delete. */
export function useDeleteHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(HelpCenter.delete, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
