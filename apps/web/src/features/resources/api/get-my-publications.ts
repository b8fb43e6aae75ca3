import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Publish } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

type Params = CallInput<typeof Publish.mine>;

/** GET /api/ai/publish/mine {page, limit, status?, kind?} — my publications with their views and copies. */
export const getMyPublications = (p: Params, signal?: AbortSignal) => call(Publish.mine, p, { signal });

export const useMyPublications = (p: Params) =>
  useQuery({ queryKey: [...resourceKeys.mine, p], queryFn: ({ signal }) => getMyPublications(p, signal), placeholderData: keepPreviousData });
