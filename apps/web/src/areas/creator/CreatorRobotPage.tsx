import { Space } from 'antd';
import { useParams } from 'react-router';
import { ROBOT_ROLE } from '@xueban/contract/constants/robots';
import { DesignTab } from '../../features/robots/components/manage/DesignTab.tsx';
import { MembersTab } from '../../features/robots/components/manage/MembersTab.tsx';
import { ReleaseTab } from '../../features/robots/components/manage/ReleaseTab.tsx';
import { RobotManageFrame } from '../../features/robots/components/manage/RobotManageFrame.tsx';
import { SettingTab } from '../../features/robots/components/manage/SettingTab.tsx';
import { StatsTab } from '../../features/robots/components/manage/StatsTab.tsx';
import type { RobotDesign } from '@xueban/contract/robots';
import { ApiKeysPanel } from '../../features/robot-api/components/ApiKeysPanel.tsx';
import { ApiUsageCard } from '../../features/robot-api/components/ApiUsageCard.tsx';
import { RobotLibraryTab } from '../../features/robot-contents/components/RobotLibraryTab.tsx';
import { CreatorMarkTab } from '../../features/marking/components/CreatorMarkTab.tsx';

const PANELS = {
  // 资源库: knowledge bases, intent libraries and resources it draws on; the creator and cooperators change them.
  library: (robot: RobotDesign) => (
    <RobotLibraryTab robotId={robot.id} editable={robot.manage_role === ROBOT_ROLE.CREATOR || robot.manage_role === ROBOT_ROLE.COOPERATOR} />
  ),
  // 数据统计 with the robot's use through its API keys, embeds and share links (issue 25).
  stats: (robot: RobotDesign) => (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <StatsTab id={robot.id} />
      <ApiUsageCard robotId={robot.id} />
    </Space>
  ),
  release: (robot: RobotDesign) => <ReleaseTab robot={robot} />,
  member: (robot: RobotDesign) => <MembersTab robot={robot} />,
  // 设置: the robot's design, and for its creator also 上架 / 启用 / 关闭 and visibility.
  setup: (robot: RobotDesign) => (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <DesignTab robot={robot} />
      {robot.manage_role === ROBOT_ROLE.CREATOR && <SettingTab robot={robot} />}
    </Space>
  ),
  // AI 批阅: the assignments teachers set on this robot and its copies, read-only (issue 20).
  mark: (robot: RobotDesign) => <CreatorMarkTab robotId={robot.id} />,
  api: (robot: RobotDesign) => <ApiKeysPanel robot={robot} />,
};

/**
 * /creator/robot/{rid}/{tab}: library (default), stats, release, member, setup, mark (spec §2),
 * the same tab pieces and role rules as /robot/manage.
 */
export default function CreatorRobotPage() {
  const { rid } = useParams();
  return <RobotManageFrame name="creator-robot" robotId={rid} panels={PANELS} />;
}
