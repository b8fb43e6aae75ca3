import { useQuery } from '@tanstack/react-query';
import { CourseTeach } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** GET /api/ai/courseTeach/studentProgress {robot_id, student_id} — a student's progress in their class's plans. */
export const getStudentProgress = (robotId: number, studentId: number, signal?: AbortSignal) =>
  call(CourseTeach.studentProgress, { robot_id: robotId, student_id: studentId }, { signal });

export const useStudentProgress = (robotId: number, studentId: number) =>
  useQuery({
    queryKey: [...courseKeys.teaching, 'student', robotId, studentId],
    queryFn: ({ signal }) => getStudentProgress(robotId, studentId, signal),
  });
