import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminAiModel } from '@xueban/contract/calls/ai-models';
import { call } from '../../../lib/api.ts';
import { aiModelsKey, useAiAdminMutation } from './providers.ts';

/** GET /api/ai/admin.AiModel/lists */
export const aiModelListQueryOptions = () =>
  queryOptions({
    queryKey: aiModelsKey,
    queryFn: ({ signal }) => call(AdminAiModel.lists, {}, { signal }),
  });
export const useAiModels = () => useQuery(aiModelListQueryOptions());

export type AiModelSave = CallInput<typeof AdminAiModel.save>;

export const useSaveAiModel = () => useAiAdminMutation((body: AiModelSave) => call(AdminAiModel.save, body));
export const useDeleteAiModel = () => useAiAdminMutation((id: number) => call(AdminAiModel.delete, { id }));
export const useSetDefaultModel = () => useAiAdminMutation((id: number) => call(AdminAiModel.setDefault, { id }));
