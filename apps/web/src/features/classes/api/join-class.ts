import { RobotTeam } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/RobotTeam/checkRobotTeamInvite — the class, robot and teacher an invite code names. */
export const checkInvite = (code: string, signal?: AbortSignal) =>
  call(RobotTeam.checkRobotTeamInvite, { invite_code: code }, { signal });
/** POST /api/ai/RobotTeam/operateInviteAction — accept: joins the class (and the robot). */
export const acceptInvite = (code: string) => call(RobotTeam.operateInviteAction, { invite_code: code, action: 'accept' });
