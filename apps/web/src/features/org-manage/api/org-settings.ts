import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupManage } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';

export const orgKey = ['uc', 'GroupManage'] as const;

/** GET /api/uc/GroupManage/info: the current organisation as its admins manage it. */
export const getOrgSettings = (signal?: AbortSignal) => call(GroupManage.info, {}, { signal });
export const orgSettingsQueryOptions = () => queryOptions({ queryKey: [...orgKey, 'info'], queryFn: ({ signal }) => getOrgSettings(signal) });
export const useOrgSettings = () => useQuery(orgSettingsQueryOptions());
