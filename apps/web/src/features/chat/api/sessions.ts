import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { ChatCategory } from '@xueban/contract/calls/chat';
import type { SessionItem } from '@xueban/contract/chat';
import { LIMITS } from '@xueban/contract/limits';
import { call } from '../../../lib/api.ts';

const limit = LIMITS.pageSize.sessions;

/** Every session list query of a robot starts with this; any change invalidates it. */
export const sessionsKey = (robotId: number) => ['ai', 'ChatCategory', 'lists', robotId] as const;

/** GET /api/ai/ChatCategory/lists — the caller's sessions with a robot, newest first, 15 a page. */
export const sessionsQueryOptions = (robotId: number) =>
  infiniteQueryOptions({
    queryKey: sessionsKey(robotId),
    queryFn: ({ pageParam, signal }) => call(ChatCategory.lists, { r_id: robotId, page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * limit < last.total ? all.length + 1 : undefined),
  });

export const useSessions = (robotId: number, enabled: boolean) => useInfiniteQuery({ ...sessionsQueryOptions(robotId), enabled });

/** POST /api/ai/ChatCategory/save — creates (name defaults to 新建会话) or renames (with id). */
export const saveSession = (body: CallInput<typeof ChatCategory.save>) => call(ChatCategory.save, body);

/** POST /api/ai/ChatCategory/delete. */
export const deleteSession = (s: Pick<SessionItem, 'id' | 'code'>) => call(ChatCategory.delete, { id: s.id, code: s.code });

/** POST /api/ai/ChatCategory/clear — every session (and record) of the caller with this robot. */
export const clearSessions = (robotId: number) => call(ChatCategory.clear, { r_id: robotId });
