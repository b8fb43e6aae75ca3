import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminKnowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbKey } from '../../../lib/queries/knowledge-keys.ts';

const adminKey = [...kbKey, 'admin'] as const;

export type AdminKbParams = CallInput<typeof AdminKnowledge.lists>;
export type AdminDocParams = CallInput<typeof AdminKnowledge.documents>;

/** GET /api/ai/admin.knowledge/lists — every organisation's knowledge bases (super admin). */
export const adminKnowledgeBasesQueryOptions = (p: AdminKbParams) =>
  queryOptions({
    queryKey: [...adminKey, 'lists', p],
    queryFn: ({ signal }) => call(AdminKnowledge.lists, { ...p }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useAdminKnowledgeBases = (p: AdminKbParams) => useQuery(adminKnowledgeBasesQueryOptions(p));

/** GET /api/ai/admin.knowledge/documents — 知识管理: every organisation's documents. */
export const adminDocumentsQueryOptions = (p: AdminDocParams) =>
  queryOptions({
    queryKey: [...adminKey, 'documents', p],
    queryFn: ({ signal }) => call(AdminKnowledge.documents, { ...p }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useAdminDocuments = (p: AdminDocParams) => useQuery(adminDocumentsQueryOptions(p));

/** POST /api/ai/admin.knowledge/delete {id} and admin.knowledge/deltrain {ids}: the super admin removes any organisation's. */
export function useAdminDeleteKnowledge() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: kbKey });
  return {
    base: useMutation({ mutationFn: (id: number) => call(AdminKnowledge.delete, { id }), onSuccess: done }),
    documents: useMutation({ mutationFn: (ids: number[]) => call(AdminKnowledge.deltrain, { ids }), onSuccess: done }),
  };
}
