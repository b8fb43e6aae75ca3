import { useQuery } from '@tanstack/react-query';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** GET /api/ai/DeveloperApp/detail {id}: one of my apps with its installs, seats and questions. */
export const getDevApp = (id: number, signal?: AbortSignal) => call(DeveloperApp.detail, { id }, { signal });
export const useDevApp = (id: number) =>
  useQuery({ queryKey: [...appStoreKey, 'mine', 'detail', id], queryFn: ({ signal }) => getDevApp(id, signal), enabled: id > 0 });
