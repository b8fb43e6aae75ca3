import { queryOptions, useQuery } from '@tanstack/react-query';
import { Banner } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** The banners live now (spec §3 upgrade_tip items: id, big_img_url; plus title and link). */
export const getCurrentBanners = (groupId: number, signal?: AbortSignal) =>
  call(Banner.getCurrentBannerList, { platform: 'pc', group_id: groupId }, { signal });

export const currentBannersQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: ['uc', 'Banner', 'current', groupId],
    queryFn: ({ signal }) => getCurrentBanners(groupId, signal),
    staleTime: 10 * 60_000,
  });

export const useCurrentBanners = (groupId: number | null) =>
  useQuery({ ...currentBannersQueryOptions(groupId ?? 0), enabled: groupId !== null });
