import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Banner } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** POST Banner/save: create or change a banner. */
export function useSaveBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof Banner.save>) => call(Banner.save, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
