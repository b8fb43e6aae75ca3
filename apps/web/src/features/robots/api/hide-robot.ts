import { api } from '../../../lib/api.ts';

/** POST /api/ai/Robot/hideRobot — takes a robot out of the caller's recently used list. */
export const hideRobot = (id: number) => api.post<null>('/api/ai/Robot/hideRobot', { id });
