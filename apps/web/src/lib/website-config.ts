import { queryOptions, useQuery } from '@tanstack/react-query';
import { Setting } from '@xueban/contract/calls/platform';
import { call } from './api.ts';

/** GET /api/uc/Setting/get?value=website: logos, title, the voice switch (public, cached for the session). */
export const getWebsiteConfig = () => call(Setting.get, { value: 'website' });

export const websiteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['uc', 'Setting', 'website'], queryFn: getWebsiteConfig, staleTime: 10 * 60_000 });

export const useWebsiteConfig = () => useQuery(websiteConfigQueryOptions());
