import { api } from '../../../lib/api.ts';

/** POST /api/ai/RobotTeam/operateInviteAction — accept or reject a team invite. */
export const operateInvite = (inviteCode: string, action: 'accept' | 'reject') =>
  api.post<{ joined: boolean; team_id: number; robot_id: number }>('/api/ai/RobotTeam/operateInviteAction', { invite_code: inviteCode, action });
