import { useQuery } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** GET /api/ai/Marking/classes {robot_id?} — the classes the teacher leads (where an assignment may be set). */
export const getMarkingClasses = (robotId?: number, signal?: AbortSignal) => call(Marking.classes, { robot_id: robotId }, { signal });

export const useMarkingClasses = (robotId?: number) =>
  useQuery({ queryKey: [...markingKey, 'classes', robotId ?? 0], queryFn: ({ signal }) => getMarkingClasses(robotId, signal) });
