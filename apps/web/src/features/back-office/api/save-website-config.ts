import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Setting } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** POST Setting/save (value=website): the whole app reads the new config at once. */
export function useSaveWebsiteConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof Setting.save>) => call(Setting.save, input),
    onSuccess: (saved) => {
      client.setQueryData(['uc', 'Setting', 'website'], saved);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
