import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Robot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';
import { robotKey } from './keys.ts';

/** POST /api/ai/Robot/updateRobotSetting — 上架/下架, 停用, 关闭 and visibility. */
export const updateRobotSetting = (body: CallInput<typeof Robot.updateRobotSetting>) => call(Robot.updateRobotSetting, body);
/** POST /api/ai/Robot/updateRobotExtraInfo — cover, introduce, use_type. */
export const updateRobotExtra = (body: CallInput<typeof Robot.updateRobotExtraInfo>) => call(Robot.updateRobotExtraInfo, body);
/** POST /api/ai/Robot/updateRobotConfigData — prologue and suggested questions. */
export const updateRobotConfig = (body: CallInput<typeof Robot.updateRobotConfigData>) => call(Robot.updateRobotConfigData, body);

export function useUpdateRobotSetting() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateRobotSetting, onSuccess: () => qc.invalidateQueries({ queryKey: robotKey }) });
}
