import { queryOptions } from '@tanstack/react-query';
import { TeamClass } from '@xueban/contract/calls/classes';
import { call } from '../../../lib/api.ts';
import { classKeys } from './classes-keys.ts';

/** GET /api/ai/TeamClass/news — the student's class news on a robot, newest first. */
export const classNewsQuery = (robotId: number) => queryOptions({
  queryKey: classKeys.news(robotId),
  queryFn: ({ signal }) => call(TeamClass.news, { robot_id: robotId, page: 1, limit: 50 }, { signal }),
});

/** GET /api/ai/TeamClass/robotNews — the latest news of the teacher's classes on a robot. */
export const robotClassNewsQuery = (robotId: number) => queryOptions({
  queryKey: classKeys.robotNews(robotId),
  queryFn: ({ signal }) => call(TeamClass.robotNews, { robot_id: robotId }, { signal }),
});
