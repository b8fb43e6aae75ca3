import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupApp } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';
import { appsKey } from './app-list.ts';

/** GET /api/uc/GroupApp/detail {id}: an installed app with its seat holders. */
export const getAppDetail = (id: number, signal?: AbortSignal) => call(GroupApp.detail, { id }, { signal });
export const useAppDetail = (id: number) =>
  useQuery(queryOptions({ queryKey: [...appsKey, 'detail', id], queryFn: ({ signal }) => getAppDetail(id, signal), enabled: id > 0, retry: false }));
