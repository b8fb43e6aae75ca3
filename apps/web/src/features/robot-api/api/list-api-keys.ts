import { useQuery } from '@tanstack/react-query';
import { RobotApiKey } from '@xueban/contract/calls/robot-api';
import { call } from '../../../lib/api.ts';
import { apiKeysKey } from './keys.ts';

/** GET /api/ai/RobotApiKey/lists — the robot's keys, embed keys and share links, with their use. */
export const useApiKeys = (robotId: number) =>
  useQuery({ queryKey: apiKeysKey(robotId), queryFn: ({ signal }) => call(RobotApiKey.lists, { robot_id: robotId }, { signal }) });
