import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminIntentContent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/admin.intentContent/lists {category_id, page, limit} — a category's intents with their parts. */
type AdminIntentContentParams = CallInput<typeof AdminIntentContent.lists>;

export const getAdminIntentContents = (p: AdminIntentContentParams, signal?: AbortSignal) =>
  call(AdminIntentContent.lists, p, { signal });

export const adminIntentContentsQueryOptions = (p: AdminIntentContentParams) =>
  queryOptions({ queryKey: [...intentKeys.admin, 'contents', p], queryFn: ({ signal }) => getAdminIntentContents(p, signal), placeholderData: keepPreviousData });
export const useAdminIntentContents = (p: { category_id: number; page: number; limit: number }) =>
  useQuery({ ...adminIntentContentsQueryOptions(p), enabled: p.category_id > 0 });
