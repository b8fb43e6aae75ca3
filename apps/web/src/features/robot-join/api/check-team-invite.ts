import { RobotTeam } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/**
 * GET /api/ai/RobotTeam/checkRobotTeamInvite — the server checks in spec order (下架, 停用,
 * 已加入, 其他团队) and answers the first failure as a business error, which the request layer toasts.
 */
export const checkTeamInvite = (inviteCode: string, signal?: AbortSignal) =>
  call(RobotTeam.checkRobotTeamInvite, { invite_code: inviteCode }, { signal });
