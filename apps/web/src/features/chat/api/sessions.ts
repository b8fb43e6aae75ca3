import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { SessionItem } from '@xueban/contract/chat';
import { LIMITS } from '@xueban/contract/limits';
import { api } from '../../../lib/api.ts';

const limit = LIMITS.pageSize.sessions;

/** Every session list query of a robot starts with this; any change invalidates it. */
export const sessionsKey = (robotId: number) => ['ai', 'ChatCategory', 'lists', robotId] as const;

/** GET /api/ai/ChatCategory/lists — the caller's sessions with a robot, newest first, 15 a page. */
export const sessionsQueryOptions = (robotId: number) =>
  infiniteQueryOptions({
    queryKey: sessionsKey(robotId),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<SessionItem>>('/api/ai/ChatCategory/lists', { r_id: robotId, page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * limit < last.total ? all.length + 1 : undefined),
  });

export const useSessions = (robotId: number, enabled: boolean) => useInfiniteQuery({ ...sessionsQueryOptions(robotId), enabled });

/** POST /api/ai/ChatCategory/save — creates (name defaults to 新建会话) or renames (with id). */
export const saveSession = (body: { id?: number; r_id: number; name?: string }) => api.post<SessionItem>('/api/ai/ChatCategory/save', body);

/** POST /api/ai/ChatCategory/delete. */
export const deleteSession = (s: Pick<SessionItem, 'id' | 'code'>) => api.post<null>('/api/ai/ChatCategory/delete', { id: s.id, code: s.code });

/** POST /api/ai/ChatCategory/clear — every session (and record) of the caller with this robot. */
export const clearSessions = (robotId: number) => api.post<null>('/api/ai/ChatCategory/clear', { r_id: robotId });
