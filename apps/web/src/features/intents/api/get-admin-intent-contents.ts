import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { AdminIntentContentPage } from './admin-intents.ts';
import { intentKeys } from './keys.ts';

/** GET /api/ai/admin.intentContent/lists {category_id, page, limit} — a category's intents with their parts. */
export const getAdminIntentContents = (p: { category_id: number; page: number; limit: number }, signal?: AbortSignal) =>
  api.get<AdminIntentContentPage>('/api/ai/admin.intentContent/lists', p, { signal });

export const adminIntentContentsQueryOptions = (p: { category_id: number; page: number; limit: number }) =>
  queryOptions({ queryKey: [...intentKeys.admin, 'contents', p], queryFn: ({ signal }) => getAdminIntentContents(p, signal), placeholderData: keepPreviousData });
export const useAdminIntentContents = (p: { category_id: number; page: number; limit: number }) =>
  useQuery({ ...adminIntentContentsQueryOptions(p), enabled: p.category_id > 0 });
