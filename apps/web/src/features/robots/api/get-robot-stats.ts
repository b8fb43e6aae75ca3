import { queryOptions, useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { robotKey } from './keys.ts';

/** GET /api/ai/Robot/stats — the robot's counters. */
export const robotStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...robotKey, 'stats', id],
    queryFn: ({ signal }) => call(Robot.stats, { id }, { signal }),
  });

export const useRobotStats = (id: number) => useQuery(robotStatsQueryOptions(id));
