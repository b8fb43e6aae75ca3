import { useQuery } from '@tanstack/react-query';
import { TeacherConsole } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/TeacherConsole/userData {robot_id, uid} — one student's activity and topics. */
export const useUserData = (robotId: number, uid: number | undefined) =>
  useQuery({
    queryKey: ['ai', 'TeacherConsole', 'userData', robotId, uid],
    queryFn: ({ signal }) => call(TeacherConsole.userData, { robot_id: robotId, uid: uid! }, { signal }),
    enabled: !!uid,
  });
