import { useQuery } from '@tanstack/react-query';
import { Marking } from '@xueban/contract/calls/marking';
import { call } from '../../../lib/api.ts';
import { markingKey } from './keys.ts';

/** GET /api/ai/Marking/creatorView {robot_id}: assignments teachers set on this robot and its copies (read-only). */
export const getCreatorView = (robotId: number, signal?: AbortSignal) => call(Marking.creatorView, { robot_id: robotId }, { signal });
export const useCreatorView = (robotId: number) =>
  useQuery({ queryKey: [...markingKey, 'creator', robotId], queryFn: ({ signal }) => getCreatorView(robotId, signal) });
