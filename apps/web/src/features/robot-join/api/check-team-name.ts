import { api } from '../../../lib/api.ts';

/** GET /api/ai/RobotTeam/checkRobotTeamName — rejects (团队名称不能重复) when the name is taken. */
export const checkTeamName = (robotId: number, title: string) =>
  api.get<{ available: boolean }>('/api/ai/RobotTeam/checkRobotTeamName', { title, robot_id: robotId });
