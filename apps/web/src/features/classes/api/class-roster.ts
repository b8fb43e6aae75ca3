import { queryOptions } from '@tanstack/react-query';
import { TeamClass } from '@xueban/contract/calls/classes';
import { call } from '../../../lib/api.ts';
import { classKeys } from './classes-keys.ts';

/** GET /api/ai/TeamClass/roster — the class and its members with their questions today. */
export const classRosterQuery = (id: number) => queryOptions({
  queryKey: classKeys.roster(id),
  queryFn: ({ signal }) => call(TeamClass.roster, { id }, { signal }),
});
