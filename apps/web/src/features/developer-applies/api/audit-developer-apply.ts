import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { developerApplyKey } from './get-developer-apply-list.ts';

/** status 3 approves, -2 rejects (spec §4); reason: why it was rejected, the applicant reads it in their notification. */
export type AuditInput = CallInput<typeof User.auditDeveloperApply>;

/** POST /api/uc/User/auditDeveloperApply. */
export const auditDeveloperApply = (input: AuditInput) => call(User.auditDeveloperApply, input);

export function useAuditDeveloperApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditDeveloperApply,
    // Also after a 409 (someone else reviewed it first): the list then shows the real state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: developerApplyKey }),
  });
}
