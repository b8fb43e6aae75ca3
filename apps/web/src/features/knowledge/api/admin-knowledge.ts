import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { AdminDocumentItem, DocumentStatus, KnowledgeBaseItem } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbKey } from './keys.ts';

const adminKey = [...kbKey, 'admin'] as const;

export interface AdminKbParams { page: number; limit: number; keyword?: string | undefined }
export interface AdminDocParams extends AdminKbParams { status?: DocumentStatus | undefined }

/** GET /api/ai/admin.knowledge/lists — every organisation's knowledge bases (super admin). */
export const adminKnowledgeBasesQueryOptions = (p: AdminKbParams) =>
  queryOptions({
    queryKey: [...adminKey, 'lists', p],
    queryFn: ({ signal }) => api.get<Page<KnowledgeBaseItem>>('/api/ai/admin.knowledge/lists', { ...p }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useAdminKnowledgeBases = (p: AdminKbParams) => useQuery(adminKnowledgeBasesQueryOptions(p));

/** GET /api/ai/admin.knowledge/documents — 知识管理: every organisation's documents. */
export const adminDocumentsQueryOptions = (p: AdminDocParams) =>
  queryOptions({
    queryKey: [...adminKey, 'documents', p],
    queryFn: ({ signal }) => api.get<Page<AdminDocumentItem>>('/api/ai/admin.knowledge/documents', { ...p }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useAdminDocuments = (p: AdminDocParams) => useQuery(adminDocumentsQueryOptions(p));

/** POST /api/ai/admin.knowledge/delete {id} and admin.knowledge/deltrain {ids}: the super admin removes any organisation's. */
export function useAdminDeleteKnowledge() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: kbKey });
  return {
    base: useMutation({ mutationFn: (id: number) => api.post<null>('/api/ai/admin.knowledge/delete', { id }), onSuccess: done }),
    documents: useMutation({ mutationFn: (ids: number[]) => api.post<null>('/api/ai/admin.knowledge/deltrain', { ids }), onSuccess: done }),
  };
}
