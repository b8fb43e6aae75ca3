import { RobotTeam } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/RobotTeam/operateInviteAction — accept or reject a team invite. */
export const operateInvite = (inviteCode: string, action: 'accept' | 'reject') =>
  call(RobotTeam.operateInviteAction, { invite_code: inviteCode, action });
