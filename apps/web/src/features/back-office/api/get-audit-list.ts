import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminAudit } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';

export type AuditListInput = CallInput<typeof AdminAudit.lists>;

/** GET AdminAudit.lists: 操作日志. */
export const useAuditList = (input: AuditListInput) => useQuery({
  queryKey: ['admin', 'AdminAudit', 'lists', input],
  queryFn: ({ signal }) => call(AdminAudit.lists, input, { signal }),
  placeholderData: keepPreviousData,
});
