import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AiModelItem, modelSaveBody } from '@xueban/contract/ai-models';
import { api } from '../../../lib/api.ts';
import { aiModelsKey, useAiAdminMutation } from './providers.ts';

/** GET /api/ai/admin.AiModel/lists */
export const aiModelListQueryOptions = () =>
  queryOptions({
    queryKey: aiModelsKey,
    queryFn: ({ signal }) => api.get<AiModelItem[]>('/api/ai/admin.AiModel/lists', {}, { signal }),
  });
export const useAiModels = () => useQuery(aiModelListQueryOptions());

export type AiModelSave = z.input<typeof modelSaveBody>;

export const useSaveAiModel = () => useAiAdminMutation((body: AiModelSave) => api.post<AiModelItem>('/api/ai/admin.AiModel/save', body));
export const useDeleteAiModel = () => useAiAdminMutation((id: number) => api.post<null>('/api/ai/admin.AiModel/delete', { id }));
export const useSetDefaultModel = () => useAiAdminMutation((id: number) => api.post<null>('/api/ai/admin.AiModel/setDefault', { id }));
