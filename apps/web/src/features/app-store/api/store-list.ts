import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AppStore } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** GET /api/uc/AppStore/lists {page, limit, keyword?}: the approved apps. */
export const getStoreApps = (params: CallInput<typeof AppStore.lists>, signal?: AbortSignal) => call(AppStore.lists, params, { signal });
export const useStoreApps = (params: CallInput<typeof AppStore.lists>) =>
  useQuery({ queryKey: [...appStoreKey, 'store', params], queryFn: ({ signal }) => getStoreApps(params, signal), placeholderData: keepPreviousData });
