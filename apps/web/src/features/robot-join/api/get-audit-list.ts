import { api } from '../../../lib/api.ts';

export interface AuditRow {
  id: number;
  target: 'square' | 'template';
  status: number;
  reason: string;
  create_time: number;
  review_time: number;
  robot_id: number;
  robot: { id: number; name: string; avatar: string; info: string };
  group_name: string;
  applicant: { uid: number; truename: string } | null;
}

/** GET /api/ai/admin.robot/auditLists — release requests by status (2 pending, 3 approved, -2 rejected). */
export const getAuditList = (status: number, page: number, signal?: AbortSignal) =>
  api.get<{ total: number; data: AuditRow[] }>('/api/ai/admin.robot/auditLists', { status, page, limit: 10 }, { signal });
