import { TrainAttempt } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/TrainAttempt/debrief {id} — 重新评分 after an unreadable debrief. */
export const redoDebrief = (id: number) => call(TrainAttempt.debrief, { id }, { timeoutMs: 150_000 });
