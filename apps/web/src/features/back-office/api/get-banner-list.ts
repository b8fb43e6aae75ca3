import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Banner } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** GET Banner/lists: every banner (super admin). */
export const useBannerList = (page: number, limit: number) => useQuery({
  queryKey: ['admin', 'Banner', 'lists', { page, limit }],
  queryFn: ({ signal }) => call(Banner.lists, { page, limit }, { signal }),
  placeholderData: keepPreviousData,
});
