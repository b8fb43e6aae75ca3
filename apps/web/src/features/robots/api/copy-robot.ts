import { api } from '../../../lib/api.ts';

export interface CopyRobotBody { id: number; source: 1; name: string; info?: string; industry_ids?: number[] }

/** POST /api/ai/Robot/copyClassRobot — copies a template (source 1); answers the new robot's id. */
export const copyRobot = (body: CopyRobotBody) => api.post<{ id: number }>('/api/ai/Robot/copyClassRobot', body, { long: true });
