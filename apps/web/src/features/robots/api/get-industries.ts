import { queryOptions, useQuery } from '@tanstack/react-query';
import { Tool } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/uc/Tool/getCategoryList — industries (the square's and the template library's tabs). */
export const industriesQueryOptions = () =>
  queryOptions({
    queryKey: ['uc', 'industries'],
    queryFn: ({ signal }) => call(Tool.getCategoryList, undefined, { signal }),
    staleTime: Infinity,
  });

export const useIndustries = () => useQuery(industriesQueryOptions());
