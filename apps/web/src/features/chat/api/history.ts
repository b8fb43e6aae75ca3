import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ChatLower, ChatRecordsLower } from '@xueban/contract/calls/chat';
import { call } from '../../../lib/api.ts';

const limit = 20;

export const historyKey = (sessionId: number) => ['ai', 'chatLog', sessionId] as const;

/**
 * GET /api/ai/chat_records/chatLog — page 1 holds the newest 20 exchanges, each page oldest →
 * newest, so older pages go above. Never refetched behind the user's back: the live messages
 * sent since are shown after it, and a refetch would show them twice.
 */
export const historyQueryOptions = (sessionId: number) =>
  infiniteQueryOptions({
    queryKey: historyKey(sessionId),
    queryFn: ({ pageParam, signal }) =>
      call(ChatRecordsLower.chatLog, { category_id: sessionId, page_type: 0, page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * limit < last.records.total ? all.length + 1 : undefined),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useHistory = (sessionId: number | undefined) =>
  useInfiniteQuery({ ...historyQueryOptions(sessionId ?? 0), enabled: !!sessionId });

/** POST /api/ai/chat/cleanChat — deletes the session's records (清空). */
export const cleanChat = (sessionId: number) => call(ChatLower.cleanChat, { type: 1, category_id: sessionId });
