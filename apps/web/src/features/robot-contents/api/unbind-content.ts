import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindingType } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbKey } from '../../knowledge/api/keys.ts';
import { boundContentKey } from './get-bound-contents.ts';

export interface UnbindInput {
  robot_id: number;
  type: BindingType;
  /** The bound content's id (the knowledge base, the intent category…). */
  id: number;
}

/** POST /api/ai/Robot/unbindContent {robot_id, type, id} — the robot no longer draws on it. */
export const unbindContent = (body: UnbindInput) => api.post<unknown>('/api/ai/Robot/unbindContent', body);

export function useUnbindContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbindContent,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: boundContentKey }), qc.invalidateQueries({ queryKey: kbKey })]),
  });
}
