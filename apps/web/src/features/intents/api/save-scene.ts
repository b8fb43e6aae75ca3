import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SceneItem } from '@xueban/contract/intents';
import { api } from '../../../lib/api.ts';
import { intentKeys } from './keys.ts';

/** POST /api/ai/admin.scene/save {id?, name, info, sort}. A name in use is refused (该场景名称已存在). */
export const saveScene = (b: { id?: number | undefined; name: string; info: string; sort: number }) => api.post<SceneItem>('/api/ai/admin.scene/save', b);

export function useSaveScene() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveScene,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: intentKeys.scenes }), qc.invalidateQueries({ queryKey: ['ai', 'scenes'] })]),
  });
}
