import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { HelpCenter } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

/** POST HelpCenter/save. */
export function useSaveHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof HelpCenter.save>) => call(HelpCenter.save, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
