import { useQuery } from '@tanstack/react-query';
import { MyStudy } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/MyStudy/data {robot_id} — the student's own activity on the robot. */
export const useMyStudy = (robotId: number) =>
  useQuery({ queryKey: ['ai', 'MyStudy', 'data', robotId], queryFn: ({ signal }) => call(MyStudy.data, { robot_id: robotId }, { signal }) });
