import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminMarking } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type MarkingRobotsInput = CallInput<typeof AdminMarking.robotList>;

/** GET AdminMarking.robotList: AI 批阅概览. */
export const useMarkingRobots = (input: MarkingRobotsInput) => useQuery({
  queryKey: ['admin', 'AdminMarking', 'robotList', input],
  queryFn: ({ signal }) => call(AdminMarking.robotList, input, { signal }),
  placeholderData: keepPreviousData,
});
