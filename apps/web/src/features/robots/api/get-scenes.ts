import { queryOptions, useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/Robot/getRobotScenes — the robot scenes. */
export const scenesQueryOptions = () =>
  queryOptions({
    queryKey: ['ai', 'scenes'],
    queryFn: ({ signal }) => call(Robot.getRobotScenes, undefined, { signal }),
    staleTime: Infinity,
  });

export const useScenes = () => useQuery(scenesQueryOptions());
