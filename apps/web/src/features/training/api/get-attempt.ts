import { useQuery } from '@tanstack/react-query';
import { TrainAttempt } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** GET /api/ai/TrainAttempt/detail {id} — one attempt with its rounds (mine, or a student's I teach). */
export const useAttempt = (id: number | null) => useQuery({
  queryKey: [...trainingKey, 'attempt', id],
  queryFn: ({ signal }) => call(TrainAttempt.detail, { id: id! }, { signal }),
  enabled: !!id,
});
