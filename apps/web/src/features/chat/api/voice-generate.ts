import { Voice } from '@xueban/contract/calls/voice';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/voiceGenerate {record_id} → fileUrl and reply (spec §7: 60 s timeout). */
export const voiceGenerate = (recordId: number, signal?: AbortSignal) =>
  call(Voice.voiceGenerate, { record_id: recordId }, { long: true, signal });
