import { useQuery } from '@tanstack/react-query';
import { RobotMember } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

export const robotMembersKey = (robotId: number) => ['ai', 'RobotMember', 'lists', robotId] as const;

/** GET /api/ai/RobotMember/lists — everyone holding a role on the robot (first 100). */
export const useRobotMembers = (robotId: number) =>
  useQuery({
    queryKey: robotMembersKey(robotId),
    queryFn: ({ signal }) => call(RobotMember.lists, { robot_id: robotId, page: 1, limit: 100 }, { signal }),
  });

/** POST /api/ai/RobotMember/addRobotUser — the creator makes a colleague (by user id) a cooperator. */
export const addCooperator = (robotId: number, uid: number) => call(RobotMember.addRobotUser, { robot_id: robotId, uid });

/** POST /api/ai/RobotMember/unbindMember — removes anyone but the creator. */
export const unbindMember = (robotId: number, uid: number) => call(RobotMember.unbindMember, { robot_id: robotId, uid });
