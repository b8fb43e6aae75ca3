import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { GroupManage } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** GET /api/uc/GroupManage/invites {page, limit}: the organisation's invite links, newest first. */
export const getOrgInvites = (params: CallInput<typeof GroupManage.invites>, signal?: AbortSignal) => call(GroupManage.invites, params, { signal });
export const useOrgInvites = (params: CallInput<typeof GroupManage.invites>) =>
  useQuery(queryOptions({ queryKey: [...orgKey, 'invites', params], queryFn: ({ signal }) => getOrgInvites(params, signal), placeholderData: keepPreviousData }));
