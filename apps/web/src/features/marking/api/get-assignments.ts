import { useQuery } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** GET /api/ai/Marking/assignments {robot_id?} — the teacher's assignments with submitted, drafted and released counts. */
export const getAssignments = (robotId?: number, signal?: AbortSignal) => call(Marking.assignments, { robot_id: robotId }, { signal });

export const useAssignments = (robotId?: number) =>
  useQuery({ queryKey: [...markingKey, 'assignments', robotId ?? 0], queryFn: ({ signal }) => getAssignments(robotId, signal) });
