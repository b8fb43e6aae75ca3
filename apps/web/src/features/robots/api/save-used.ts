import { RobotUsed } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/RobotUsed/save — moves a robot to the top of the caller's recently used list. */
export const saveUsedRobot = (id: number) => call(RobotUsed.save, { id });
