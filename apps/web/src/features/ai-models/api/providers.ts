import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProviderItem, ProviderTestResult, providerSaveBody } from '@xueban/contract/ai-models';
import { api } from '../../../lib/api.ts';

export const providersKey = ['ai', 'admin.AiKey', 'lists'] as const;
/** Models show their provider's name: a provider change refreshes them too. */
export const aiModelsKey = ['ai', 'admin.AiModel', 'lists'] as const;

/** GET /api/ai/admin.AiKey/lists — providers with the key masked. */
export const providerListQueryOptions = () =>
  queryOptions({
    queryKey: providersKey,
    queryFn: ({ signal }) => api.get<ProviderItem[]>('/api/ai/admin.AiKey/lists', {}, { signal }),
  });
export const useProviders = () => useQuery(providerListQueryOptions());

export type ProviderSave = z.input<typeof providerSaveBody>;

/** An admin change to providers or models: both lists refresh (providers count models, models name providers). */
export function useAiAdminMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: providersKey }), qc.invalidateQueries({ queryKey: aiModelsKey })]),
  });
}

/** POST /api/ai/admin.AiKey/save — a blank api_key on edit keeps the stored key. */
export const useSaveProvider = () => useAiAdminMutation((body: ProviderSave) => api.post<ProviderItem>('/api/ai/admin.AiKey/save', body));
/** POST /api/ai/admin.AiKey/delete — its models go with it. */
export const useDeleteProvider = () => useAiAdminMutation((id: number) => api.post<null>('/api/ai/admin.AiKey/delete', { id }));
/** POST /api/ai/admin.AiKey/test — lists the provider's models; a failure is a result, not an error. */
export const testProvider = (id: number) => api.post<ProviderTestResult>('/api/ai/admin.AiKey/test', { id }, { timeoutMs: 20_000 });
