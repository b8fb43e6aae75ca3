import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindingType } from '@xueban/contract/knowledge';
import { api } from '../../../lib/api.ts';
import { kbKey } from '../../knowledge/api/keys.ts';
import { boundContentKey } from './get-bound-contents.ts';

export interface BindInput {
  robot_id: number;
  type: BindingType;
  ids: number[];
}

/** POST /api/ai/Robot/bindContent {robot_id, type, ids} — the robot draws on these (already bound ones stay). */
export const bindContent = (body: BindInput) => api.post<unknown>('/api/ai/Robot/bindContent', body);

export function useBindContent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bindContent,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: boundContentKey }), qc.invalidateQueries({ queryKey: kbKey })]),
  });
}
