import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Banner } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** POST Banner/delete. */
export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(Banner.delete, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
