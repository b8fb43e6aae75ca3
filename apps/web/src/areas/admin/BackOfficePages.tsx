import { Alert, Space } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AUDIT } from '@xueban/contract/constants/robots';
import { pathTo } from '../../app/paths.ts';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { OverviewDashboard } from '../../features/back-office/components/OverviewDashboard.tsx';
import { OrgTable } from '../../features/back-office/components/OrgTable.tsx';
import { OrgMembers } from '../../features/back-office/components/OrgMembers.tsx';
import { UserSearchTable } from '../../features/back-office/components/UserSearchTable.tsx';
import { RobotAdminTable } from '../../features/back-office/components/RobotAdminTable.tsx';
import { SiteSettingsForm } from '../../features/back-office/components/SiteSettingsForm.tsx';
import { BannerTable } from '../../features/back-office/components/BannerTable.tsx';
import { MarkingRobotList } from '../../features/back-office/components/MarkingRobotList.tsx';
import { AuditLogTable } from '../../features/back-office/components/AuditLogTable.tsx';
import { HelpCenterTable } from '../../features/back-office/components/HelpCenterTable.tsx';
import { useOrgList } from '../../features/back-office/api/get-org-list.ts';

const orgHref = (id: number) => pathTo('admin-organization-content', {}, { id });

/** /admin/index: the platform's overview with charts (echarts loads on this page only). */
export const AdminIndexPage = () => <AreaFrame name="admin-index"><OverviewDashboard /></AreaFrame>;

/** /admin/user/organization: every organisation. */
export const OrganizationPage = () => <AreaFrame name="admin-organization"><OrgTable membersHref={orgHref} /></AreaFrame>;

/** /admin/user/organization/content?id=…: one organisation's members; without an id, users across organisations. */
export function OrganizationContentPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const org = useOrgList({ page: 1, limit: 100 });
  const name = org.data?.data.find((o) => o.id === id)?.name;
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <AreaFrame name="admin-organization-content" extra={<Link to={pathTo('admin-organization')}>返回组织列表</Link>}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="从组织列表选择一个组织查看成员；也可以在下面按姓名、手机号或邮箱搜索全部用户。" />
        <UserSearchTable orgHref={orgHref} />
      </AreaFrame>
    );
  }
  return (
    <AreaFrame name="admin-organization-content" extra={<Space><strong>{name ?? `组织 ${id}`}</strong><Link to={pathTo('admin-organization')}>返回组织列表</Link></Space>}>
      <OrgMembers key={id} groupId={id} />
    </AreaFrame>
  );
}

/** /admin/user/list: users across organisations. */
export const UserListPage = () => <AreaFrame name="admin-user-list"><UserSearchTable orgHref={orgHref} /></AreaFrame>;

/** /admin/robot/officialRobot: every robot of the platform; the release reviews stay one click away. */
export const OfficialRobotPage = () => (
  <AreaFrame name="admin-official-robot" extra={<Link to={pathTo('admin-audit-list', { id: AUDIT.PENDING })}>发布审核列表</Link>}>
    <RobotAdminTable scope="admin" detailHref={(id) => pathTo('admin-robot-detail', { id })} />
  </AreaFrame>
);

/** /admin/settings/index: the website config and the banners. */
export const SettingsPage = () => (
  <AreaFrame name="admin-settings">
    <Space direction="vertical" size="large" style={{ width: '100%' }}><SiteSettingsForm /><BannerTable /></Space>
  </AreaFrame>
);

/** /admin/match/robotList: robots with AI marking in use. */
export const MatchRobotListPage = () => (
  <AreaFrame name="admin-match-robot-list"><MarkingRobotList auditHref={pathTo('admin-audit-list', { id: AUDIT.PENDING })} /></AreaFrame>
);

/** /admin/settings/auditLog: every change made in the back offices. */
export const AuditLogPage = () => <AreaFrame name="admin-audit-log"><AuditLogTable scope="admin" /></AreaFrame>;

/** /admin/settings/helpCenter: release guides and FAQs. */
export const HelpCenterPage = () => <AreaFrame name="admin-help-center"><HelpCenterTable /></AreaFrame>;
