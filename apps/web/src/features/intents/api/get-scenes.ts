import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminScene } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

export type SceneListParams = CallInput<typeof AdminScene.lists>;

/** GET /api/ai/admin.scene/lists {page, limit, keyword?} — scenes with how many robots use each (super admin). */
export const getScenes = (p: SceneListParams, signal?: AbortSignal) => call(AdminScene.lists, { page: p.page, limit: p.limit, keyword: p.keyword }, { signal });

export const scenesQueryOptions = (p: SceneListParams) =>
  queryOptions({ queryKey: [...intentKeys.scenes, p], queryFn: ({ signal }) => getScenes(p, signal), placeholderData: keepPreviousData });
export const useScenes = (p: SceneListParams) => useQuery(scenesQueryOptions(p));
