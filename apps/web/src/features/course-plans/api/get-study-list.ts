import { useQuery } from '@tanstack/react-query';
import { CourseStudy } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/courseStudy/lists {robot_id} — the plans published to my class on a robot. */
export const getStudyList = (robotId: number, signal?: AbortSignal) => call(CourseStudy.lists, { robot_id: robotId }, { signal });

export const useStudyList = (robotId: number) =>
  useQuery({ queryKey: [...courseKeys.study, 'lists', robotId], queryFn: ({ signal }) => getStudyList(robotId, signal) });
