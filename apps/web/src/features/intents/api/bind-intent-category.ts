import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/intent/bindCategory {robot_id, ids} — the robot answers from these categories' intents. */
export const bindIntentCategory = (b: { robot_id: number; ids: number[] }) => api.post<unknown>('/api/ai/intent/bindCategory', b);
/** POST /api/ai/intent/unbindCategory {robot_id, id}. */
export const unbindIntentCategory = (b: { robot_id: number; id: number }) => api.post<null>('/api/ai/intent/unbindCategory', b);

export function useBindIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bindIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.categories }) });
}
export function useUnbindIntentCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unbindIntentCategory, onSuccess: () => qc.invalidateQueries({ queryKey: intentKeys.categories }) });
}
