import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TeacherConsole } from '@xueban/contract/calls/teaching-console';
import type { CallInput } from '@xueban/contract/call';
import { call } from '../../../lib/api.ts';

export type FollowInput = CallInput<typeof TeacherConsole.follow>;

/** Every follow list starts with this key: a correction refreshes them. */
export const followKey = ['ai', 'TeacherConsole', 'follow'] as const;

/** GET /api/ai/TeacherConsole/follow — the students' exchanges with the robot, newest first. */
export const useFollow = (input: FollowInput) =>
  useQuery({
    queryKey: [...followKey, input],
    queryFn: ({ signal }) => call(TeacherConsole.follow, input, { signal }),
    placeholderData: keepPreviousData,
  });
