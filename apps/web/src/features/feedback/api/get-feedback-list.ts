import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Tool } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** GET /api/uc/Tool/feedbackLists — org admins read their organisation's, the super admin everyone's. */
export const getFeedbackList = (page: number, limit: number, signal?: AbortSignal) =>
  call(Tool.feedbackLists, { page, limit }, { signal });

export const feedbackListQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['uc', 'Tool', 'feedbackLists', { page, limit }],
    queryFn: ({ signal }) => getFeedbackList(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useFeedbackList = (page: number, limit: number) => useQuery(feedbackListQueryOptions(page, limit));
