import { api } from '../../../lib/api.ts';

export interface Team {
  id: number;
  title: string;
  code: string;
  invite_url: string;
  team_size: number;
  member_count: number;
  team_category_id: number;
}

/** POST /api/ai/RobotTeam/save — creates a team on a robot. */
export const createTeam = (robotId: number, title: string, teamCategoryId: number) =>
  api.post<Team>('/api/ai/RobotTeam/save', { title, robot_id: robotId, team_category_id: teamCategoryId, with_info: 1, users: [] });
