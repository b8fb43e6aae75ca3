import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminStats } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type OverviewInput = CallInput<typeof AdminStats.overview>;

/** GET AdminStats.overview: 平台概览. */
export const useOverview = (input: OverviewInput) => useQuery({
  queryKey: ['admin', 'AdminStats', 'overview', input],
  queryFn: ({ signal }) => call(AdminStats.overview, input, { signal }),
  placeholderData: keepPreviousData,
});
