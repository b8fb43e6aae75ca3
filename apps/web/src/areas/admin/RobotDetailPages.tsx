import { Space } from 'antd';
import { useParams } from 'react-router';
import type { RobotDesign } from '@xueban/contract/robots';
import { DesignTab } from '../../features/robots/components/manage/DesignTab.tsx';
import { MembersTab } from '../../features/robots/components/manage/MembersTab.tsx';
import { ReleaseTab } from '../../features/robots/components/manage/ReleaseTab.tsx';
import { RobotManageFrame } from '../../features/robots/components/manage/RobotManageFrame.tsx';
import { SettingTab } from '../../features/robots/components/manage/SettingTab.tsx';
import { StatsTab } from '../../features/robots/components/manage/StatsTab.tsx';
import { RobotLibraryTab } from '../../features/robot-contents/components/RobotLibraryTab.tsx';

/**
 * The back offices' robot tabs (library, stats, member, setup, release): the creator's own
 * management pieces. A super admin (any robot) and an organisation admin (their organisation's)
 * manage as the creator does; the server decides (manage_role) and the frame shows what it allows.
 */
const PANELS = {
  library: (robot: RobotDesign) => <RobotLibraryTab robotId={robot.id} editable />,
  stats: (robot: RobotDesign) => <StatsTab id={robot.id} />,
  member: (robot: RobotDesign) => <MembersTab robot={robot} />,
  setup: (robot: RobotDesign) => (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <DesignTab robot={robot} />
      <SettingTab robot={robot} />
    </Space>
  ),
  release: (robot: RobotDesign) => <ReleaseTab robot={robot} />,
};

/** /admin/robot/{id}/{tab}: any robot of the platform. */
export function AdminRobotDetailPage() {
  const { id } = useParams();
  return <RobotManageFrame name="admin-robot-detail" robotId={id} panels={PANELS} />;
}

/** /group/robot/{id}/{tab}: a robot of the organisation. */
export function GroupRobotDetailPage() {
  const { id } = useParams();
  return <RobotManageFrame name="group-robot-detail" robotId={id} panels={PANELS} />;
}
