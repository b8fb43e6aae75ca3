import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SafetyFlag } from '@xueban/contract/calls/safety';
import { call } from '../../../lib/api.ts';

const optInKey = ['ai', 'SafetyFlag', 'optIn'] as const;

/** GET /api/ai/SafetyFlag/optIn — whether the caller (an org admin) is told of high-severity alerts. */
export const getOptIn = (signal?: AbortSignal) => call(SafetyFlag.optIn, {}, { signal });
export const useOptIn = () => useQuery({ queryKey: optInKey, queryFn: ({ signal }) => getOptIn(signal) });

/** POST /api/ai/SafetyFlag/setOptIn {enabled}. */
export const setOptIn = (enabled: boolean) => call(SafetyFlag.setOptIn, { enabled });

export function useSetOptIn() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setOptIn, onSuccess: (data) => qc.setQueryData(optInKey, data) });
}
