import { useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import { api } from '../../../lib/api.ts';

/** One row of RobotMember/lists. role: creator, cooperator, teacher or user. */
export interface RobotMember {
  uid: number;
  truename: string;
  avatar: string;
  role: string;
  join_time: number;
  team_id: number;
  team_title: string;
}

export const robotMembersKey = (robotId: number) => ['ai', 'RobotMember', 'lists', robotId] as const;

/** GET /api/ai/RobotMember/lists — everyone holding a role on the robot (first 100). */
export const useRobotMembers = (robotId: number) =>
  useQuery({
    queryKey: robotMembersKey(robotId),
    queryFn: ({ signal }) => api.get<Page<RobotMember>>('/api/ai/RobotMember/lists', { robot_id: robotId, page: 1, limit: 100 }, { signal }),
  });

/** POST /api/ai/RobotMember/addRobotUser — the creator makes a colleague (by user id) a cooperator. */
export const addCooperator = (robotId: number, uid: number) =>
  api.post<{ role: string }>('/api/ai/RobotMember/addRobotUser', { robot_id: robotId, uid });

/** POST /api/ai/RobotMember/unbindMember — removes anyone but the creator. */
export const unbindMember = (robotId: number, uid: number) =>
  api.post<null>('/api/ai/RobotMember/unbindMember', { robot_id: robotId, uid });
