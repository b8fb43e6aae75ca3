import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminAudit } from '@xueban/contract/calls/admin';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

type OrgAuditInput = Omit<CallInput<typeof AdminAudit.lists>, 'scope'>;

/** GET AdminAudit.lists with scope group: this organisation's changes only, newest first (whoever asks). */
export const getAuditList = (params: OrgAuditInput, signal?: AbortSignal) => call(AdminAudit.lists, { ...params, scope: 'group' }, { signal });
export const useAuditList = (params: OrgAuditInput) =>
  useQuery(queryOptions({ queryKey: [...orgKey, 'audit', params], queryFn: ({ signal }) => getAuditList(params, signal), placeholderData: keepPreviousData }));
