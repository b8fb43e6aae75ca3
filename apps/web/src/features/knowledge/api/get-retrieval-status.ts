import { queryOptions, useQuery } from '@tanstack/react-query';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

/** GET /api/ai/knowledge/retrievalStatus — hybrid (vectors + keywords) or keywords only on this deployment, and why. */
export const getRetrievalStatus = (signal?: AbortSignal) => call(Knowledge.retrievalStatus, {}, { signal });

export const retrievalStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...kbKey, 'retrievalStatus'],
    queryFn: ({ signal }) => getRetrievalStatus(signal),
    staleTime: 60_000,
  });

export const useRetrievalStatus = () => useQuery(retrievalStatusQueryOptions());
