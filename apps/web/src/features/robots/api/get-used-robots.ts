import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RobotUsed } from '@xueban/contract/calls/robots';
import { LIMITS } from '@xueban/contract/limits';
import { call } from '../../../lib/api.ts';

const limit = LIMITS.pageSize.usedRobots;

/** Every recently-used query starts with this; saving or hiding a robot invalidates it. */
export const usedRobotsKey = ['ai', 'RobotUsed', 'lists'] as const;

/** GET /api/ai/RobotUsed/lists — the caller's recently used robots here, newest first, 8 a page. */
export const usedRobotsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: usedRobotsKey,
    queryFn: ({ pageParam, signal }) => call(RobotUsed.lists, { page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * limit < last.total ? all.length + 1 : undefined),
  });

export const useUsedRobots = () => useInfiniteQuery(usedRobotsQueryOptions());
