import { useQuery } from '@tanstack/react-query';
import { TrainScenario } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** GET /api/ai/TrainScenario/lists — the organisation's published scenarios and the drafts I may edit. */
export const useScenarios = () =>
  useQuery({ queryKey: [...trainingKey, 'scenarios'], queryFn: ({ signal }) => call(TrainScenario.lists, {}, { signal }) });
