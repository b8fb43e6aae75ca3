import { useQuery } from '@tanstack/react-query';
import { TeacherConsole } from '@xueban/contract/calls/teaching-console';
import type { TutoringMode } from '@xueban/contract/constants/teaching-console';
import { call } from '../../../lib/api.ts';

export const settingKey = (robotId: number) => ['ai', 'TeacherConsole', 'setting', robotId] as const;

/** GET /api/ai/TeacherConsole/setting {robot_id} — the teacher's instructions and tutoring mode. */
export const useTeacherSetting = (robotId: number) =>
  useQuery({ queryKey: settingKey(robotId), queryFn: ({ signal }) => call(TeacherConsole.setting, { robot_id: robotId }, { signal }) });

/** POST /api/ai/TeacherConsole/saveSetting. */
export const saveTeacherSetting = (robotId: number, v: { instructions: string; tutoring_mode: TutoringMode }) =>
  call(TeacherConsole.saveSetting, { robot_id: robotId, ...v });
