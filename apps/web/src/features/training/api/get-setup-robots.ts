import { useQuery } from '@tanstack/react-query';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/Robot/lists {fetch_type: my} — the robots a scenario may be built on (mine, or joined). */
export const useSetupRobots = () => useQuery({
  queryKey: ['ai', 'Robot', 'lists', 'training-setup'],
  queryFn: ({ signal }) => call(Robot.lists, { fetch_type: 'my', limit: 100 }, { signal }),
});
