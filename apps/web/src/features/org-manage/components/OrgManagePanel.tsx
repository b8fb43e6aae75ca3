import { Card } from 'antd';
import { useUserInfo } from '../../../lib/session.ts';
import { useOrgSettings } from '../api/org-settings.ts';
import { OrgInfoCard } from './OrgInfoCard.tsx';
import { InviteLinks } from './InviteLinks.tsx';
import { SubGroups } from './SubGroups.tsx';
import { SsoSettings } from './SsoSettings.tsx';
import { MemberTable } from './MemberTable.tsx';
import { AuditTable } from './AuditTable.tsx';

/**
 * The organisation's settings (组织管理): information, invite links, sub-organisations, and for
 * the super admin single sign-on. `withMembers` adds members and the audit trail below, for the
 * page every organisation has (trial included), where /group's separate pages are not open.
 */
export function OrgManagePanel({ withMembers = false }: { withMembers?: boolean }) {
  const { data: user } = useUserInfo();
  const info = useOrgSettings();
  const superAdmin = !!user?.roles.includes('ROLE_SUPER_ADMIN');
  return (
    <>
      <OrgInfoCard />
      {withMembers && <Card title="组织成员" style={{ marginBottom: 16 }}><MemberTable /></Card>}
      <InviteLinks />
      <SubGroups isSubGroup={!!info.data?.is_sub_group} />
      {superAdmin && info.data && <SsoSettings groupId={info.data.group_id} />}
      {withMembers && <Card title="操作日志"><AuditTable /></Card>}
    </>
  );
}
