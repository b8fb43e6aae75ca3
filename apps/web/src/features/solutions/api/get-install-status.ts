import { useQuery } from '@tanstack/react-query';
import { Solution } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { solutionKeys } from './keys.ts';

/** GET /api/ai/solution/installStatus {id} — polled every half second while the install runs. */
export const getInstallStatus = (id: number, signal?: AbortSignal) => call(Solution.installStatus, { id }, { signal });

export const useInstallStatus = (id: number | null) =>
  useQuery({
    queryKey: solutionKeys.install(id ?? 0),
    queryFn: ({ signal }) => getInstallStatus(id!, signal),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 500 : false),
  });
