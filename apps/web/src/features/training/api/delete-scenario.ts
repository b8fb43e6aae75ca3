import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TrainScenario } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** POST /api/ai/TrainScenario/delete {id} — the scenario and every attempt at it. */
export function useDeleteScenario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(TrainScenario.delete, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: trainingKey }),
  });
}
