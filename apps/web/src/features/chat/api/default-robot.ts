import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { UsedRobot } from '../../robots/api/get-used-robots.ts';

/** GET /api/ai/RobotUsed/defaultRobot — the robot /home opens (last used, joined or public); null when none. */
export const useDefaultRobot = (enabled: boolean) =>
  useQuery({
    queryKey: ['ai', 'RobotUsed', 'defaultRobot'],
    queryFn: ({ signal }) => api.get<UsedRobot | null>('/api/ai/RobotUsed/defaultRobot', undefined, { signal }),
    enabled,
  });
