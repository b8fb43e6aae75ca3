import { queryOptions } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/Robot/lists (fetch_type my) — the robots where the caller holds a role (teacher: settled; creator: created). */
export const myRobotsQuery = (role: 'teacher' | 'creator') => queryOptions({
  queryKey: ['ai', 'Robot', 'lists', 'my', role],
  queryFn: ({ signal }) => call(Robot.lists, { fetch_type: 'my', role, page: 1, limit: 100 }, { signal }),
});

/** GET /api/ai/Robot/detail — the robot (no view counted). */
export const robotQuery = (id: number) => queryOptions({
  queryKey: ['ai', 'Robot', 'detail', id, 'plain'],
  queryFn: ({ signal }) => call(Robot.detail, { id }, { signal }),
  retry: false,
});
