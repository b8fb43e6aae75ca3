import { ROBOT_SOURCE } from '@xueban/contract/constants/robots';
import { api } from '../../../lib/api.ts';

export interface CopiedRobot { id: number; name: string; code: string; role: string }

/** POST /api/ai/Robot/copyClassRobot with source 2: a teacher settles in (入驻) on a copy. */
export const settleRobot = (robot: { id: number; name: string; info: string }) =>
  api.post<CopiedRobot>(
    '/api/ai/Robot/copyClassRobot',
    { id: robot.id, source: ROBOT_SOURCE.SETTLE, name: robot.name, info: robot.info, industry_ids: [] },
    { long: true },
  );
