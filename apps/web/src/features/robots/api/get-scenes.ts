import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Named } from './types.ts';

/** GET /api/ai/Robot/getRobotScenes — the robot scenes. */
export const scenesQueryOptions = () =>
  queryOptions({
    queryKey: ['ai', 'scenes'],
    queryFn: ({ signal }) => api.get<(Named & { info: string })[]>('/api/ai/Robot/getRobotScenes', undefined, { signal }),
    staleTime: Infinity,
  });

export const useScenes = () => useQuery(scenesQueryOptions());
