import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { CourseTeach } from '@xueban/contract/calls/courses';
import { call } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

/** POST /api/ai/courseTeach/unlock {plan_id, team_id, node_id, item_status} — 解锁 (1) or 锁定 (0) for a class. */
export const setItemStatus = (b: CallInput<typeof CourseTeach.unlock>) => call(CourseTeach.unlock, b);

export function useSetItemStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setItemStatus, onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.teaching }) });
}
