import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminAiKey } from '@xueban/contract/calls/ai-models';
import { call } from '../../../lib/api.ts';

export const providersKey = ['ai', 'admin.AiKey', 'lists'] as const;
/** Models show their provider's name: a provider change refreshes them too. */
export const aiModelsKey = ['ai', 'admin.AiModel', 'lists'] as const;

/** GET /api/ai/admin.AiKey/lists — providers with the key masked. */
export const providerListQueryOptions = () =>
  queryOptions({
    queryKey: providersKey,
    queryFn: ({ signal }) => call(AdminAiKey.lists, {}, { signal }),
  });
export const useProviders = () => useQuery(providerListQueryOptions());

export type ProviderSave = CallInput<typeof AdminAiKey.save>;

/** An admin change to providers or models: both lists refresh (providers count models, models name providers). */
export function useAiAdminMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: providersKey }), qc.invalidateQueries({ queryKey: aiModelsKey })]),
  });
}

/** POST /api/ai/admin.AiKey/save — a blank api_key on edit keeps the stored key. */
export const useSaveProvider = () => useAiAdminMutation((body: ProviderSave) => call(AdminAiKey.save, body));
/** POST /api/ai/admin.AiKey/delete — its models go with it. */
export const useDeleteProvider = () => useAiAdminMutation((id: number) => call(AdminAiKey.delete, { id }));
/** POST /api/ai/admin.AiKey/test — lists the provider's models; a failure is a result, not an error. */
export const testProvider = (id: number) => call(AdminAiKey.test, { id }, { timeoutMs: 20_000 });
