import { api } from '../../../lib/api.ts';

export interface TeamInviteInfo {
  code: string;
  robot_id: number;
  team_id: number;
  group_name: string;
  has_joined: boolean;
  team: { id: number; title: string; team_category_id: number; member_count: number };
  robot: { id: number; name: string; avatar: string };
  inviter: { uid: number; truename: string; avatar: string };
}

/**
 * GET /api/ai/RobotTeam/checkRobotTeamInvite — the server checks in spec order (下架, 停用,
 * 已加入, 其他团队) and answers the first failure as a business error, which the request layer toasts.
 */
export const checkTeamInvite = (inviteCode: string, signal?: AbortSignal) =>
  api.get<TeamInviteInfo>('/api/ai/RobotTeam/checkRobotTeamInvite', { invite_code: inviteCode }, { signal });
