import { useQuery } from '@tanstack/react-query';
import { MyStudy } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/MyStudy/inClass {robot_id} — whether the user is a student in a class on the robot (the class notice). */
export const useInClass = (robotId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['ai', 'MyStudy', 'inClass', robotId],
    queryFn: ({ signal }) => call(MyStudy.inClass, { robot_id: robotId }, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
