import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SafetyFlag } from '@xueban/contract/calls/safety';
import { call } from '../../../lib/api.ts';
import { safetyFlagsKey } from './get-safety-flags.ts';

/** POST /api/ai/SafetyFlag/handle {id, note} — marks an alert handled. */
export const handleFlag = (input: { id: number; note: string }) => call(SafetyFlag.handle, input);

export function useHandleFlag() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: handleFlag, onSuccess: () => qc.invalidateQueries({ queryKey: safetyFlagsKey }) });
}
