import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { AdminScene } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.scene/save {id?, name, info, sort}. A name in use is refused (该场景名称已存在). */
export const saveScene = (b: CallInput<typeof AdminScene.save>) => call(AdminScene.save, b);

export function useSaveScene() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveScene,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: intentKeys.scenes }), qc.invalidateQueries({ queryKey: ['ai', 'scenes'] })]),
  });
}
