import { queryOptions, useQuery } from '@tanstack/react-query';
import { Sso } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { orgKey } from './org-settings.ts';

/** GET /api/uc/Sso/config {group_id} (super admin). */
export const getSsoConfig = (groupId: number, signal?: AbortSignal) => call(Sso.config, { group_id: groupId }, { signal });
export const useSsoConfig = (groupId: number, enabled: boolean) =>
  useQuery(queryOptions({ queryKey: [...orgKey, 'sso', groupId], queryFn: ({ signal }) => getSsoConfig(groupId, signal), enabled }));
