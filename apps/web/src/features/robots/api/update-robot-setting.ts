import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { robotSettingBody, updateConfigBody, updateExtraBody } from '@xueban/contract/robots';
import { api } from '../../../lib/api.ts';
import { robotKey } from './types.ts';

type SettingBody = z.input<typeof robotSettingBody>;

/** POST /api/ai/Robot/updateRobotSetting — 上架/下架, 停用, 关闭 and visibility. */
export const updateRobotSetting = (body: SettingBody) => api.post<unknown>('/api/ai/Robot/updateRobotSetting', body);
/** POST /api/ai/Robot/updateRobotExtraInfo — cover, introduce, use_type. */
export const updateRobotExtra = (body: z.input<typeof updateExtraBody>) => api.post<unknown>('/api/ai/Robot/updateRobotExtraInfo', body);
/** POST /api/ai/Robot/updateRobotConfigData — prologue and suggested questions. */
export const updateRobotConfig = (body: z.input<typeof updateConfigBody>) => api.post<unknown>('/api/ai/Robot/updateRobotConfigData', body);

export function useUpdateRobotSetting() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateRobotSetting, onSuccess: () => qc.invalidateQueries({ queryKey: robotKey }) });
}
