import { Robot } from '@xueban/contract/calls/robots';
import { ROBOT_SOURCE } from '@xueban/contract/constants/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/Robot/copyClassRobot with source 2: a teacher settles in (入驻) on a copy. */
export const settleRobot = (robot: { id: number; name: string; info: string }) =>
  call(
    Robot.copyClassRobot,
    { id: robot.id, source: ROBOT_SOURCE.SETTLE, name: robot.name, info: robot.info, industry_ids: [] },
    { long: true },
  );
