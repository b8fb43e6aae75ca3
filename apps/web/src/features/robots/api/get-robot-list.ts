import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { LIMITS } from '@xueban/contract/limits';
import { call } from '../../../lib/api.ts';
import { robotKey } from './keys.ts';

type ListQuery = CallInput<typeof Robot.lists>;
export type RobotListParams = Pick<ListQuery, 'keyword' | 'industry_id' | 'scene_id'> & {
  fetch_type: NonNullable<ListQuery['fetch_type']>;
};

const limit = LIMITS.pageSize.robotList;

/** GET /api/ai/Robot/lists — 13 a page, loaded page after page. */
export const robotListQueryOptions = (params: RobotListParams) =>
  infiniteQueryOptions({
    queryKey: [...robotKey, 'lists', params],
    queryFn: ({ pageParam, signal }) =>
      call(Robot.lists, { ...params, keyword: params.keyword || undefined, page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * limit < last.total ? all.length + 1 : undefined),
  });

export const useRobotList = (params: RobotListParams) => useInfiniteQuery(robotListQueryOptions(params));
