import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Named } from './types.ts';

/** GET /api/uc/Tool/getCategoryList — industries (the square's and the template library's tabs). */
export const industriesQueryOptions = () =>
  queryOptions({
    queryKey: ['uc', 'industries'],
    queryFn: ({ signal }) => api.get<Named[]>('/api/uc/Tool/getCategoryList', undefined, { signal }),
    staleTime: Infinity,
  });

export const useIndustries = () => useQuery(industriesQueryOptions());
