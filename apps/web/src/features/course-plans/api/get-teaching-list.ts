import { useQuery } from '@tanstack/react-query';
import { CourseTeach } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/courseTeach/lists {robot_id} — plans published to the classes I lead on a robot. */
export const getTeachingList = (robotId: number, signal?: AbortSignal) => call(CourseTeach.lists, { robot_id: robotId }, { signal });

export const useTeachingList = (robotId: number) =>
  useQuery({ queryKey: [...courseKeys.teaching, 'lists', robotId], queryFn: ({ signal }) => getTeachingList(robotId, signal) });
