import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../api.ts';
import { kbListKey } from './knowledge-keys.ts';

export type KbListParams = CallInput<typeof Knowledge.lists>;

/** GET /api/ai/knowledge/lists {page, limit, keyword?} — the organisation's knowledge bases. */
export const getKnowledgeBases = ({ page, limit, keyword }: KbListParams, signal?: AbortSignal) =>
  call(Knowledge.lists, { page, limit, keyword }, { signal });

export const knowledgeBasesQueryOptions = (params: KbListParams) =>
  queryOptions({
    queryKey: [...kbListKey, params],
    queryFn: ({ signal }) => getKnowledgeBases(params, signal),
    placeholderData: keepPreviousData,
  });

export const useKnowledgeBases = (params: KbListParams, enabled = true) => useQuery({ ...knowledgeBasesQueryOptions(params), enabled });
