import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { robotKey } from './types.ts';

export interface RobotStats {
  view_num: number; copy_num: number; join_num: number; member_count: number; user_num: number;
  teacher_num: number; cooperator_num: number; team_num: number; used_num: number;
}

/** GET /api/ai/Robot/stats — the robot's counters. */
export const robotStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...robotKey, 'stats', id],
    queryFn: ({ signal }) => api.get<RobotStats>('/api/ai/Robot/stats', { id }, { signal }),
  });

export const useRobotStats = (id: number) => useQuery(robotStatsQueryOptions(id));
