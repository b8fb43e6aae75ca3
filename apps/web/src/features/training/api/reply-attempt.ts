import { TrainAttempt } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';

/** The model answers in its role, or (after the last round) writes the scored debrief: a long call. */
const REPLY_TIMEOUT_MS = 150_000;

/** POST /api/ai/TrainAttempt/reply {id, content} — one round of the learner. */
export const replyAttempt = (id: number, content: string) => call(TrainAttempt.reply, { id, content }, { timeoutMs: REPLY_TIMEOUT_MS });
