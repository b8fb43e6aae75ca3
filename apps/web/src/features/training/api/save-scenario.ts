import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { TrainScenario } from '@xueban/contract/calls/training';
import { call } from '../../../lib/api.ts';
import { trainingKey } from './keys.ts';

/** POST /api/ai/TrainScenario/save — creates or changes a scenario (a draft until published). */
export function useSaveScenario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof TrainScenario.save>) => call(TrainScenario.save, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: trainingKey }),
  });
}
