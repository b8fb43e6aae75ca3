import { useQuery } from '@tanstack/react-query';
import { TrainScenario } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** GET /api/ai/TrainScenario/results {id} — the training results of my students (an admin: everyone's). */
export const useResults = (id: number, enabled: boolean) => useQuery({
  queryKey: [...trainingKey, 'results', id],
  queryFn: ({ signal }) => call(TrainScenario.results, { id }, { signal }),
  enabled,
});
