import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { boundContentKey } from './get-bound-contents.ts';
import type { UnbindInput } from './unbind-content.ts';

/** POST /api/ai/Robot/setRobotContentStatus {robot_id, type, id, status} — 1 used in answers, 0 switched off. */
export const setContentStatus = (body: UnbindInput & { status: 0 | 1 }) => api.post<unknown>('/api/ai/Robot/setRobotContentStatus', body);

export function useSetContentStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setContentStatus, onSuccess: () => qc.invalidateQueries({ queryKey: boundContentKey }) });
}
