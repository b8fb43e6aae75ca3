import { AdminRobot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** GET /api/ai/admin.robot/auditLists — release requests by status (2 pending, 3 approved, -2 rejected). */
export const getAuditList = (status: number, page: number, signal?: AbortSignal) =>
  call(AdminRobot.auditLists, { status, page, limit: 10 }, { signal });
