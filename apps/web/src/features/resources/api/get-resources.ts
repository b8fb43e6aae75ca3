import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { ResCenter } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

export type ResourceListParams = CallInput<typeof ResCenter.lists>;

/** GET /api/ai/resCenter/lists {page, limit, keyword?, kind?, subject?}. */
export const getResources = (p: ResourceListParams, signal?: AbortSignal) => call(ResCenter.lists, p, { signal });

export const useResources = (p: ResourceListParams) =>
  useQuery({ queryKey: [...resourceKeys.list, p], queryFn: ({ signal }) => getResources(p, signal), placeholderData: keepPreviousData });
