import { useParams } from 'react-router';
import { AUDIT } from '@xueban/contract/constants/robots';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { AuditTable } from '../../features/robot-join/components/AuditTable.tsx';

const STATUSES: readonly number[] = [AUDIT.PENDING, AUDIT.APPROVED, AUDIT.REJECTED];

/** /admin/match/auditList/:id — release review; :id picks the status tab (2, 3 or -2; else pending). */
export function AuditListPage() {
  const { id } = useParams();
  const status = STATUSES.includes(Number(id)) ? Number(id) : AUDIT.PENDING;
  return <AreaFrame name="admin-audit-list"><AuditTable key={status} initialStatus={status} /></AreaFrame>;
}
