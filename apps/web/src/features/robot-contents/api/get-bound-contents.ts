import { queryOptions, useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import type { BindingType } from '@xueban/contract/knowledge';
import { call } from '../../../lib/api.ts';

/** Every binding query starts with this key: a write refreshes them all. */
export const boundContentKey = ['ai', 'Robot', 'bindedContent'] as const;

/** GET /api/ai/Robot/bindedContent {robot_id, type?} — what a robot draws on (knowledge bases, intents, resources). */
export const getBoundContents = (robotId: number, type: BindingType | undefined, signal?: AbortSignal) =>
  call(Robot.bindedContent, { robot_id: robotId, type }, { signal });

export const boundContentsQueryOptions = (robotId: number, type?: BindingType) =>
  queryOptions({
    queryKey: [...boundContentKey, robotId, type ?? 'all'],
    queryFn: ({ signal }) => getBoundContents(robotId, type, signal),
    enabled: Number.isInteger(robotId) && robotId > 0,
  });

export const useBoundContents = (robotId: number, type?: BindingType) => useQuery(boundContentsQueryOptions(robotId, type));
