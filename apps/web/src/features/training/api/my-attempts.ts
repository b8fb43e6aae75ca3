import { useQuery } from '@tanstack/react-query';
import { TrainAttempt } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** GET /api/ai/TrainAttempt/mine {scenario_id} — my attempts at a scenario, newest first. */
export const useMyAttempts = (scenarioId: number) => useQuery({
  queryKey: [...trainingKey, 'mine', scenarioId],
  queryFn: ({ signal }) => call(TrainAttempt.mine, { scenario_id: scenarioId }, { signal }),
});
