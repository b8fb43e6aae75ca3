import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import { LIMITS } from '@xueban/contract/limits';
import { api } from '../../../lib/api.ts';
import { robotKey, type Robot } from './types.ts';

export interface RobotListParams {
  fetch_type: 'my' | 'square' | 'template';
  keyword?: string;
  industry_id?: number;
  scene_id?: number;
}

const limit = LIMITS.pageSize.robotList;

/** GET /api/ai/Robot/lists — 13 a page, loaded page after page. */
export const robotListQueryOptions = (params: RobotListParams) =>
  infiniteQueryOptions({
    queryKey: [...robotKey, 'lists', params],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Robot>>('/api/ai/Robot/lists', { ...params, keyword: params.keyword || undefined, page: pageParam, limit }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * limit < last.total ? all.length + 1 : undefined),
  });

export const useRobotList = (params: RobotListParams) => useInfiniteQuery(robotListQueryOptions(params));
