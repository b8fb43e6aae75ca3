import { useQuery } from '@tanstack/react-query';
import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { call } from '../../../lib/api.ts';
import { appStoreKey } from './keys.ts';

/** GET /api/ai/DeveloperApp/sources: the robots (and solutions) I may package as an app. */
export const getAppSources = (signal?: AbortSignal) => call(DeveloperApp.sources, {}, { signal });
export const useAppSources = (enabled: boolean) =>
  useQuery({ queryKey: [...appStoreKey, 'sources'], queryFn: ({ signal }) => getAppSources(signal), enabled });
