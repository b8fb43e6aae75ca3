import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminModeration } from '@xueban/contract/calls/sensitive';
import { call } from '../../../lib/api.ts';

const moderationKey = ['ai', 'admin.Moderation'] as const;

/** GET /api/ai/admin.Moderation/get — the moderation model's settings (the key only as has_key). */
export const getModerationConfig = (signal?: AbortSignal) => call(AdminModeration.get, {}, { signal });
export const useModerationConfig = () => useQuery({ queryKey: moderationKey, queryFn: ({ signal }) => getModerationConfig(signal) });

export type ModerationSaveInput = CallInput<typeof AdminModeration.save>;

/** POST /api/ai/admin.Moderation/save {enabled, base_url, model, api_key} — an empty key keeps the stored one. */
export const saveModerationConfig = (input: ModerationSaveInput) => call(AdminModeration.save, input);

export function useSaveModerationConfig() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveModerationConfig, onSuccess: (data) => qc.setQueryData(moderationKey, data) });
}
