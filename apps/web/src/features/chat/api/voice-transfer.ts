import { Voice } from '@xueban/contract/calls/voice';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/voiceTransferHs {url, fileName} → the recording's text (a provider call: a long call, 60 s). */
export const voiceTransfer = (url: string, fileName: string, signal?: AbortSignal) =>
  call(Voice.voiceTransferHs, { url, fileName }, { long: true, signal });
