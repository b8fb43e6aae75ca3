import { queryOptions, useQuery } from '@tanstack/react-query';
import { Ops } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { LIMITS } from '@xueban/contract/limits';

/** GET /api/uc/Ops/selfCheck (super admin): each dependency's reachability, and the version. */
export const getSelfCheck = (signal?: AbortSignal) => call(Ops.selfCheck, {}, { signal, timeoutMs: LIMITS.timeouts.longCallMs });
export const useSelfCheck = () => useQuery(queryOptions({ queryKey: ['uc', 'Ops', 'selfCheck'], queryFn: ({ signal }) => getSelfCheck(signal), retry: false, staleTime: 0 }));
