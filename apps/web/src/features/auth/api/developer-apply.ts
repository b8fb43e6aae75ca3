import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';

/** Audit status (spec §4): -2 rejected, 2 pending review, 3 approved. */
export const APPLY_STATUS = { REJECTED: -2, PENDING: 2, APPROVED: 3 } as const;

const applyKey = ['uc', 'User', 'getUserDeveloperApply'] as const;

/** GET /api/uc/User/getUserDeveloperApply: the latest application in the current organisation, or null. */
export const developerApplyQueryOptions = () =>
  queryOptions({
    queryKey: applyKey,
    queryFn: () => call(User.getUserDeveloperApply),
  });

export const useDeveloperApply = () => useQuery(developerApplyQueryOptions());

/** POST /api/uc/User/applyDeveloper {reason}: a new application, pending review by the organisation's admins. */
export function useApplyDeveloper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call(User.applyDeveloper, { reason }),
    onSuccess: (apply) => queryClient.setQueryData(applyKey, apply),
  });
}
