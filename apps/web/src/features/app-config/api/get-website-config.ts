import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebsiteConfig } from '@xueban/contract/platform';
import { api } from '../../../lib/api.ts';

/** GET /api/uc/Setting/get?value=website: logos, title, the voice switch (public, cached for the session). */
export const getWebsiteConfig = () => api.get<WebsiteConfig>('/api/uc/Setting/get', { value: 'website' });

export const websiteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['uc', 'Setting', 'website'], queryFn: getWebsiteConfig, staleTime: 10 * 60_000 });

export const useWebsiteConfig = () => useQuery(websiteConfigQueryOptions());
