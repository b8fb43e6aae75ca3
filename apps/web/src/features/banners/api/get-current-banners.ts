import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A banner of spec §3 (upgrade_tip items: id, big_img_url; plus title and link). */
export interface Banner {
  id: number;
  title: string;
  big_img_url: string;
  link: string;
}

export interface CurrentBanners {
  upgrade_tip: Banner[];
  top: Banner[];
}

/** GET /api/uc/Banner/getCurrentBannerList {platform:'pc', group_id} — the banners live now. */
export const getCurrentBanners = (groupId: number, signal?: AbortSignal) =>
  api.get<CurrentBanners>('/api/uc/Banner/getCurrentBannerList', { platform: 'pc', group_id: groupId }, { signal });

export const currentBannersQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: ['uc', 'Banner', 'current', groupId],
    queryFn: ({ signal }) => getCurrentBanners(groupId, signal),
    staleTime: 10 * 60_000,
  });

export const useCurrentBanners = (groupId: number | null) =>
  useQuery({ ...currentBannersQueryOptions(groupId ?? 0), enabled: groupId !== null });
