import { queryOptions } from '@tanstack/react-query';
import { TeamClass } from '@xueban/contract/calls/classes';
import { call } from '../../../lib/api.ts';
import { classKeys } from './classes-keys.ts';

/** GET /api/ai/TeamClass/mine — the classes the teacher leads (on one robot, or all of them). */
export const myClassesQuery = (robotId?: number) => queryOptions({
  queryKey: classKeys.mine(robotId),
  queryFn: ({ signal }) => call(TeamClass.mine, robotId ? { robot_id: robotId } : {}, { signal }),
});
