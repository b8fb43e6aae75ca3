import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TrainScenario } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** POST /api/ai/TrainScenario/publish {id, publish} — learners see it once published. */
export function usePublishScenario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; publish: 0 | 1 }) => call(TrainScenario.publish, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: trainingKey }),
  });
}
