import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminIntent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/admin.intent/lists {page, limit, keyword?} — every organisation's categories (super admin). */
export type AdminIntentParams = CallInput<typeof AdminIntent.lists>;

export const getAdminIntents = (p: AdminIntentParams, signal?: AbortSignal) => call(AdminIntent.lists, p, { signal });

export const adminIntentsQueryOptions = (p: AdminIntentParams) =>
  queryOptions({ queryKey: [...intentKeys.admin, 'lists', p], queryFn: ({ signal }) => getAdminIntents(p, signal), placeholderData: keepPreviousData });
export const useAdminIntents = (p: AdminIntentParams) => useQuery(adminIntentsQueryOptions(p));
