import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** GET /api/ai/DeveloperApp/revenue {from?, to?}: my apps' statements per month. */
export const getRevenue = (params: CallInput<typeof DeveloperApp.revenue>, signal?: AbortSignal) => call(DeveloperApp.revenue, params, { signal });
export const useRevenue = (params: CallInput<typeof DeveloperApp.revenue>) =>
  useQuery({ queryKey: [...appStoreKey, 'revenue', params], queryFn: ({ signal }) => getRevenue(params, signal), placeholderData: keepPreviousData });
