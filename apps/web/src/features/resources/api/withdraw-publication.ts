import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Publish } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

/** POST /api/ai/publish/withdraw {id} — off the resource centre (the content stays). */
export const withdrawPublication = (id: number) => call(Publish.withdraw, { id });

export function useWithdrawPublication() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdrawPublication, onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all }) });
}
