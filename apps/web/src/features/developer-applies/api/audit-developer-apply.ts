import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { developerApplyKey } from './get-developer-apply-list.ts';

export interface AuditInput {
  id: number;
  /** 3 approve, -2 reject (spec §4 audit statuses). */
  status: 3 | -2;
  /** Why it was rejected; the applicant reads it in their notification. */
  reason?: string;
}

/** POST /api/uc/User/auditDeveloperApply. */
export const auditDeveloperApply = (input: AuditInput) => api.post<null>('/api/uc/User/auditDeveloperApply', input);

export function useAuditDeveloperApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditDeveloperApply,
    // Also after a 409 (someone else reviewed it first): the list then shows the real state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: developerApplyKey }),
  });
}
