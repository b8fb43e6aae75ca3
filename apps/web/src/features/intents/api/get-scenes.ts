import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xueban/contract/codes';
import type { SceneItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export interface SceneListParams { page: number; limit: number; keyword?: string | undefined }

/** GET /api/ai/admin.scene/lists {page, limit, keyword?} — scenes with how many robots use each (super admin). */
export const getScenes = (p: SceneListParams, signal?: AbortSignal) => api.get<Page<SceneItem>>('/api/ai/admin.scene/lists', { page: p.page, limit: p.limit, keyword: p.keyword }, { signal });

export const scenesQueryOptions = (p: SceneListParams) =>
  queryOptions({ queryKey: [...intentKeys.scenes, p], queryFn: ({ signal }) => getScenes(p, signal), placeholderData: keepPreviousData });
export const useScenes = (p: SceneListParams) => useQuery(scenesQueryOptions(p));
