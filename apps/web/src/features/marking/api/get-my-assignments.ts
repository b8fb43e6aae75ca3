import { useQuery } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** GET /api/ai/Marking/mine {robot_id} — the student's class assignments on a robot and their own work (marks once released). */
export const getMyAssignments = (robotId: number, signal?: AbortSignal) => call(Marking.mine, { robot_id: robotId }, { signal });

export const useMyAssignments = (robotId: number) =>
  useQuery({ queryKey: [...markingKey, 'mine', robotId], queryFn: ({ signal }) => getMyAssignments(robotId, signal), enabled: robotId > 0 });
