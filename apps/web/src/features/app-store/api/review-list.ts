import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** GET /api/ai/admin.app/auditLists {status}: apps to review (super admin). */
export const getReviewList = (params: CallInput<typeof AdminApp.auditLists>, signal?: AbortSignal) => call(AdminApp.auditLists, params, { signal });
export const useReviewList = (params: CallInput<typeof AdminApp.auditLists>) =>
  useQuery({ queryKey: [...appStoreKey, 'review', params], queryFn: ({ signal }) => getReviewList(params, signal), placeholderData: keepPreviousData });
