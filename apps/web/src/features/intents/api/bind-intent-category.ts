import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Intent } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intent/bindCategory {robot_id, ids} — the robot answers from these categories' intents. */
export const bindIntentCategory = (b: { robot_id: number; ids: number[] }) => call(Intent.bindCategory, b);
/** POST /api/ai/intent/unbindCategory {robot_id, id}. */
export const unbindIntentCategory = (b: { robot_id: number; id: number }) => call(Intent.unbindCategory, b);

export function useBindIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bindIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.categories }) });
}
export function useUnbindIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unbindIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.categories }) });
}
