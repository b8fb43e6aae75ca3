import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { AdminIntentCategoryItem, IntentContentItem, IntentItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/admin.intent/lists {page, limit, keyword?} — every organisation's categories (super admin). */
export const getAdminIntents = (p: { page: number; limit: number; keyword?: string | undefined }, signal?: AbortSignal) =>
  api.get<Page<AdminIntentCategoryItem>>('/api/ai/admin.intent/lists', p, { signal });

export const adminIntentsQueryOptions = (p: { page: number; limit: number; keyword?: string | undefined }) =>
  queryOptions({ queryKey: [...intentKeys.admin, 'lists', p], queryFn: ({ signal }) => getAdminIntents(p, signal), placeholderData: keepPreviousData });
export const useAdminIntents = (p: { page: number; limit: number; keyword?: string | undefined }) => useQuery(adminIntentsQueryOptions(p));

export type AdminIntentWithContents = IntentItem & { contents: IntentContentItem[] };
export interface AdminIntentContentPage extends Page<AdminIntentWithContents> { category: { id: number; name: string; info: string } }
