import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import { api } from '../../../lib/api.ts';

export interface FeedbackRow {
  id: number;
  uid: number;
  truename: string;
  content: string;
  contact: string;
  picture_data: string[];
  create_time: number;
}

/** GET /api/uc/Tool/feedbackLists — org admins read their organisation's, the super admin everyone's. */
export const getFeedbackList = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<Page<FeedbackRow>>('/api/uc/Tool/feedbackLists', { page, limit }, { signal });

export const feedbackListQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['uc', 'Tool', 'feedbackLists', { page, limit }],
    queryFn: ({ signal }) => getFeedbackList(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useFeedbackList = (page: number, limit: number) => useQuery(feedbackListQueryOptions(page, limit));
