import { RobotTeam } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/RobotTeam/checkRobotTeamName — rejects (团队名称不能重复) when the name is taken. */
export const checkTeamName = (robotId: number, title: string) => call(RobotTeam.checkRobotTeamName, { title, robot_id: robotId });
