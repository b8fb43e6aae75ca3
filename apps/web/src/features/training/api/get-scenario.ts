import { useQuery } from '@tanstack/react-query';
import { TrainScenario } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** GET /api/ai/TrainScenario/detail {id} — one scenario, whether a model is configured, what the caller may do. */
export const useScenario = (id: number) => useQuery({
  queryKey: [...trainingKey, 'scenario', id],
  queryFn: ({ signal }) => call(TrainScenario.detail, { id }, { signal }),
  enabled: id > 0,
  retry: false,
});
