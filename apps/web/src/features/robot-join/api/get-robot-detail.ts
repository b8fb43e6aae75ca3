import { queryOptions } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

export const robotDetailKey = (id: number) => ['ai', 'Robot', 'detail', id] as const;

/** GET /api/ai/Robot/detail — counts one view (inc_view) and says whether and how the caller joined. */
export const getRobotDetail = (id: number, signal?: AbortSignal) =>
  call(Robot.detail, { id, with_check_used: 1, with_user_team: 1, inc_view: 1 }, { signal });

export const robotDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: robotDetailKey(id), queryFn: ({ signal }) => getRobotDetail(id, signal), retry: false, staleTime: Infinity });
