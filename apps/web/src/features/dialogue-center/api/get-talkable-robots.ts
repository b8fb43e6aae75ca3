import { useQuery } from '@tanstack/react-query';
import { Robot, RobotUsed } from '@xueban/contract/calls/robots';
import type { Robot as RobotItem } from '@xueban/contract/robots';
import { call } from '../../../lib/api.ts';

/** The most robots the dialogue centre lists at once (each list's first page). */
const LIMIT = 100;

/**
 * GET Robot/lists (fetch_type my: robots I created or joined; `mine` only those I created) and
 * GET RobotUsed/lists (robots I used): every robot I can talk to, used ones first, each once.
 */
export const useTalkableRobots = (mine: boolean) => useQuery({
  queryKey: ['dialogueCenter', mine ? 'mine' : 'all'],
  queryFn: async ({ signal }): Promise<RobotItem[]> => {
    const [joined, used] = await Promise.all([
      call(Robot.lists, { fetch_type: 'my', limit: LIMIT, ...(mine ? { role: 'creator' as const } : {}) }, { signal }),
      mine ? null : call(RobotUsed.lists, { limit: LIMIT }, { signal }),
    ]);
    const all = [...(used?.data.map((u) => u.robot) ?? []), ...joined.data];
    return [...new Map(all.map((r) => [r.id, r])).values()];
  },
});
