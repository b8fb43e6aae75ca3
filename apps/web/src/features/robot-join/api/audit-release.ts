import { AdminRobot } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/admin.robot/audit — approve (3) or reject (-2, with a reason) a release request. */
export const auditRelease = (id: number, status: 3 | -2, reason: string) => call(AdminRobot.audit, { id, status, reason });
