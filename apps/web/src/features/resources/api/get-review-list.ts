import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Publish } from '@xueban/contract/calls/resources';
import { call } from '../../../lib/api.ts';
import { resourceKeys } from './keys.ts';

type Params = CallInput<typeof Publish.reviewLists>;

/** GET /api/ai/publish/reviewLists {status, page, limit} — the organisation admin's review list. */
export const getReviewList = (p: Params, signal?: AbortSignal) => call(Publish.reviewLists, p, { signal });

export const useReviewList = (p: Params) =>
  useQuery({ queryKey: [...resourceKeys.review, p], queryFn: ({ signal }) => getReviewList(p, signal), placeholderData: keepPreviousData });
