import { TrainAttempt } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/TrainAttempt/start — a new practice (train) or free conversation (talk); the opening line comes first. */
export const startAttempt = (scenarioId: number, mode: 'train' | 'talk') => call(TrainAttempt.start, { scenario_id: scenarioId, mode });
