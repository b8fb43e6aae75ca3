import { useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/Robot/bindedContent {robot_id} — what the robot draws on (read-only here). */
export const useBoundContents = (robotId: number) =>
  useQuery({
    queryKey: ['ai', 'Robot', 'bindedContent', robotId, 'all'],
    queryFn: ({ signal }) => call(Robot.bindedContent, { robot_id: robotId }, { signal }),
  });
