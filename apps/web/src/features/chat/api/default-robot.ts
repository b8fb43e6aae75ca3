import { useQuery } from '@tanstack/react-query';
import { RobotUsed } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/RobotUsed/defaultRobot — the robot /home opens (last used, joined or public); null when none. */
export const useDefaultRobot = (enabled: boolean) =>
  useQuery({
    queryKey: ['ai', 'RobotUsed', 'defaultRobot'],
    queryFn: ({ signal }) => call(RobotUsed.defaultRobot, undefined, { signal }),
    enabled,
  });
