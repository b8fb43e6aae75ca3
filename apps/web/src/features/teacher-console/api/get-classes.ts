import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeacherConsole } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/TeacherConsole/classes {robot_id} — the classes the teacher leads on the robot, with their students. */
export const classesQueryOptions = (robotId: number) =>
  queryOptions({
    queryKey: ['ai', 'TeacherConsole', 'classes', robotId],
    queryFn: ({ signal }) => call(TeacherConsole.classes, { robot_id: robotId }, { signal }),
  });

export const useClasses = (robotId: number) => useQuery(classesQueryOptions(robotId));
