import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { ChatRecords } from '@xueban/contract/calls/chat';
import { call } from '../../../lib/api.ts';

/** The table's page and filters (also the cache key). */
export type RecordListParams = CallInput<typeof ChatRecords.lists>;

export const chatRecordKey = ['ai', 'ChatRecords', 'lists'] as const;

/**
 * GET /api/ai/ChatRecords/lists {page, limit, robot_id?, keyword?, status?} — newest first; the
 * super admin reads every organisation's, others their organisation's (org admins all of it,
 * creators and helpers their robots').
 */
export const getChatRecords = ({ page, limit, robot_id, keyword, status }: RecordListParams, signal?: AbortSignal) =>
  call(ChatRecords.lists, { page, limit, robot_id, keyword, status }, { signal });

export const chatRecordsQueryOptions = (params: RecordListParams) =>
  queryOptions({
    queryKey: [...chatRecordKey, params],
    queryFn: ({ signal }) => getChatRecords(params, signal),
    placeholderData: keepPreviousData,
  });

export const useChatRecords = (params: RecordListParams) => useQuery(chatRecordsQueryOptions(params));
