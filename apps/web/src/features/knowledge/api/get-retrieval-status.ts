import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RetrievalStatus } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbKey } from './keys.ts';

/** GET /api/ai/knowledge/retrievalStatus — hybrid (vectors + keywords) or keywords only on this deployment, and why. */
export const getRetrievalStatus = (signal?: AbortSignal) => api.get<RetrievalStatus>('/api/ai/knowledge/retrievalStatus', {}, { signal });

export const retrievalStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...kbKey, 'retrievalStatus'],
    queryFn: ({ signal }) => getRetrievalStatus(signal),
    staleTime: 60_000,
  });

export const useRetrievalStatus = () => useQuery(retrievalStatusQueryOptions());
