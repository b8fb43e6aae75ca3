import { useQuery } from '@tanstack/react-query';
import { TeacherConsole } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/TeacherConsole/data {robot_id, days} — the classes' figures. */
export const useConsoleData = (robotId: number, days: number) =>
  useQuery({
    queryKey: ['ai', 'TeacherConsole', 'data', robotId, days],
    queryFn: ({ signal }) => call(TeacherConsole.data, { robot_id: robotId, days }, { signal }),
  });
