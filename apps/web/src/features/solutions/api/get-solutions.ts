import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Solution } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { solutionKeys } from './keys.ts';

type Params = CallInput<typeof Solution.lists>;

/** GET /api/ai/solution/lists {page, limit, keyword?} — my organisation's solutions with their parts. */
export const getSolutions = (p: Params, signal?: AbortSignal) => call(Solution.lists, p, { signal });

export const useSolutions = (p: Params) =>
  useQuery({ queryKey: [...solutionKeys.list, p], queryFn: ({ signal }) => getSolutions(p, signal), placeholderData: keepPreviousData });
