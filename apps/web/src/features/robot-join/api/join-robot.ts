import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/Robot/joinRobot — joins the caller to a robot as a student (role user). */
export const joinRobot = (robotId: number, uid: number) => call(Robot.joinRobot, { role: 'user', uid, robot_id: robotId });
