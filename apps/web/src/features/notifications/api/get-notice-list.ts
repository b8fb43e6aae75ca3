import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Notice } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';

export interface NoticeListParams {
  page: number;
  limit: number;
  /** Only unread ones. */
  unread?: boolean;
}

/** Every notification query starts with this key, so a read invalidates them all at once. */
export const noticeKey = ['uc', 'notice'] as const;

/** GET /api/uc/notice/lists — the caller's notifications in the current organisation, newest first. */
export const getNoticeList = ({ page, limit, unread }: NoticeListParams, signal?: AbortSignal) =>
  call(Notice.lists, { page, limit, unread: unread ? 1 : undefined }, { signal });

export const noticeListQueryOptions = (params: NoticeListParams) =>
  queryOptions({
    queryKey: [...noticeKey, 'lists', params],
    queryFn: ({ signal }) => getNoticeList(params, signal),
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useNoticeList = (params: NoticeListParams, enabled = true) => useQuery({ ...noticeListQueryOptions(params), enabled });
