import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** GET /api/ai/DeveloperApp/lists {page, limit, status?}: my apps. */
export const getDevApps = (params: CallInput<typeof DeveloperApp.lists>, signal?: AbortSignal) => call(DeveloperApp.lists, params, { signal });
export const useDevApps = (params: CallInput<typeof DeveloperApp.lists>) =>
  useQuery({ queryKey: [...appStoreKey, 'mine', params], queryFn: ({ signal }) => getDevApps(params, signal), placeholderData: keepPreviousData });
