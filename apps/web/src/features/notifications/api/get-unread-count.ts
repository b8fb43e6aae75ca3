import { queryOptions, useQuery } from '@tanstack/react-query';
import { Notice } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { noticeKey } from './get-notice-list.ts';

/** Notifications arrive from other people's actions (an audit, an application): poll for them. */
export const UNREAD_POLL_MS = 60_000;

export const unreadCountKey = [...noticeKey, 'unreadCount'] as const;

/** GET /api/uc/notice/unreadCount → { count }. */
export const getUnreadCount = (signal?: AbortSignal) =>
  call(Notice.unreadCount, undefined, { signal }).then((r) => r.count);

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });

/**
 * The unread count. `initial` (the user info's unReadCount) shows until the first answer, so
 * the badge does not flash from empty to a number.
 */
export const useUnreadCount = (initial: number) => useQuery({ ...unreadCountQueryOptions(), placeholderData: initial });
