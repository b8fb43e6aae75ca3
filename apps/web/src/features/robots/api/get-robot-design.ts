import { queryOptions, useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { robotKey } from './keys.ts';

/** GET /api/ai/Robot/getRobotDesignInfo — the robot as its managers see it, with its release reviews. */
export const robotDesignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...robotKey, 'design', id],
    queryFn: ({ signal }) => call(Robot.getRobotDesignInfo, { id, with_public_review: 1 }, { signal }),
    retry: false,
  });

export const useRobotDesign = (id: number) => useQuery(robotDesignQueryOptions(id));
