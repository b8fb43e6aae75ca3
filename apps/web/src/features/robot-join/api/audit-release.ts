import { api } from '../../../lib/api.ts';

/** POST /api/ai/admin.robot/audit — approve (3) or reject (-2, with a reason) a release request. */
export const auditRelease = (id: number, status: 3 | -2, reason: string) =>
  api.post<null>('/api/ai/admin.robot/audit', { id, status, reason });
