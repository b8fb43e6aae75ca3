import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Notice } from '@xueban/contract/calls/uc';
import type { CallInput } from '@xueban/contract/call';
import { call } from '../../../lib/api.ts';

/** `unread: 1` lists only unread ones. */
export type NoticeListParams = CallInput<typeof Notice.lists>;

/** Every notification query starts with this key, so a read invalidates them all at once. */
export const noticeKey = ['uc', 'notice'] as const;

/** GET /api/uc/notice/lists — the caller's notifications in the current organisation, newest first. */
export const getNoticeList = (params: NoticeListParams, signal?: AbortSignal) => call(Notice.lists, params, { signal });

export const noticeListQueryOptions = (params: NoticeListParams) =>
  queryOptions({
    queryKey: [...noticeKey, 'lists', params],
    queryFn: ({ signal }) => getNoticeList(params, signal),
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useNoticeList = (params: NoticeListParams, enabled = true) => useQuery({ ...noticeListQueryOptions(params), enabled });
