import { queryOptions, useQuery } from '@tanstack/react-query';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbDetailKey } from '../../../lib/queries/knowledge-keys.ts';

/** GET /api/ai/knowledge/detail {id} — one knowledge base (another organisation's is 404 知识库不存在). */
export const getKnowledgeBase = (id: number, signal?: AbortSignal) =>
  call(Knowledge.detail, { id }, { signal });

export const knowledgeBaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...kbDetailKey, id],
    queryFn: ({ signal }) => getKnowledgeBase(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useKnowledgeBase = (id: number) => useQuery(knowledgeBaseQueryOptions(id));
