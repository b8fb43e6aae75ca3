import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/Robot/hideRobot — takes a robot out of the caller's recently used list. */
export const hideRobot = (id: number) => call(Robot.hideRobot, { id });
