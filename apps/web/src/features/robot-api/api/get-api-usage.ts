import { useQuery } from '@tanstack/react-query';
import { RobotApiKey } from '@xueban/contract/calls/robot-api';
import { call } from '../../../lib/api.ts';
import { apiUsageKey } from './keys.ts';

/** GET /api/ai/RobotApiKey/usage — questions through the robot's keys, by day and by key. */
export const useApiUsage = (robotId: number) =>
  useQuery({ queryKey: apiUsageKey(robotId), queryFn: ({ signal }) => call(RobotApiKey.usage, { robot_id: robotId }, { signal }) });
