import { useQuery } from '@tanstack/react-query';
import { Voice } from '@xueban/contract/calls/voice';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/voiceInfo: whether recordings can be understood, and how answers are spoken. */
export const useVoiceInfo = (enabled: boolean) =>
  useQuery({
    queryKey: ['ai', 'voiceInfo'],
    queryFn: ({ signal }) => call(Voice.voiceInfo, {}, { signal }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
