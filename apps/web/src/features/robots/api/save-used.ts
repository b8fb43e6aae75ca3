import { api } from '../../../lib/api.ts';

/** POST /api/ai/RobotUsed/save — moves a robot to the top of the caller's recently used list. */
export const saveUsedRobot = (id: number) => api.post<{ rid: number; code: string }>('/api/ai/RobotUsed/save', { id });
