import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminScene } from '@xueban/contract/calls/intents';
import { call } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.scene/delete {id} — refused while robots use it (该场景正在被机器人使用，不能删除). */
export const deleteScene = (id: number) => call(AdminScene.delete, { id });

export function useDeleteScene() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteScene, onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: intentKeys.scenes }), qc.invalidateQueries({ queryKey: ['ai', 'scenes'] })]) });
}
