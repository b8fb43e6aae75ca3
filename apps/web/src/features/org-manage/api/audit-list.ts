import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Audit } from '@xueban/contract/calls/audit';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** GET /api/uc/Audit/lists {page, limit, action?, actor?}: this organisation's changes, newest first. */
export const getAuditList = (params: CallInput<typeof Audit.lists>, signal?: AbortSignal) => call(Audit.lists, params, { signal });
export const useAuditList = (params: CallInput<typeof Audit.lists>) =>
  useQuery(queryOptions({ queryKey: [...orgKey, 'audit', params], queryFn: ({ signal }) => getAuditList(params, signal), placeholderData: keepPreviousData }));
