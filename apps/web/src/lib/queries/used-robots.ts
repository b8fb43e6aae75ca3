/**
 * The caller's recently used robots ("robots I use"): the robots feature's lists, the chat's side
 * panel and robot-join's actions all read or change this one list, so it lives here.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Robot, RobotUsed } from '@xueban/contract/calls/robots';
import { LIMITS } from '@xueban/contract/limits';
import { call } from '../api.ts';

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

/** POST /api/ai/RobotUsed/save — moves a robot to the top of the caller's recently used list. */
export const saveUsedRobot = (id: number) => call(RobotUsed.save, { id });

/** POST /api/ai/Robot/hideRobot — takes a robot out of the caller's recently used list. */
export const hideRobot = (id: number) => call(Robot.hideRobot, { id });
