import { RobotTeam } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/RobotTeam/save — creates a team on a robot. */
export const createTeam = (robotId: number, title: string, teamCategoryId: number) =>
  call(RobotTeam.save, { title, robot_id: robotId, team_category_id: teamCategoryId, with_info: 1, users: [] });
