import { Space } from 'antd';
import { useParams } from 'react-router';
import { DesignTab } from '../../features/robots/components/manage/DesignTab.tsx';
import { MembersTab } from '../../features/robots/components/manage/MembersTab.tsx';
import { ReleaseTab } from '../../features/robots/components/manage/ReleaseTab.tsx';
import { RobotManageFrame } from '../../features/robots/components/manage/RobotManageFrame.tsx';
import { SettingTab } from '../../features/robots/components/manage/SettingTab.tsx';
import { StatsTab } from '../../features/robots/components/manage/StatsTab.tsx';
import type { RobotDesign } from '@xueban/contract/robots';
import { ApiKeysPanel } from '../../features/robot-api/components/ApiKeysPanel.tsx';
import { ApiUsageCard } from '../../features/robot-api/components/ApiUsageCard.tsx';
import { RobotToolSection } from '../../features/mcp/components/RobotToolSection.tsx';

const PANELS = {
  // 工具 (issue 19): the MCP tools the robot offers the model, below its design form.
  design: (robot: RobotDesign) => <><DesignTab robot={robot} /><RobotToolSection robotId={robot.id} /></>,
  // 数据统计 with the robot's use through its API keys, embeds and share links (issue 25).
  stats: (robot: RobotDesign) => (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <StatsTab id={robot.id} />
      <ApiUsageCard robotId={robot.id} />
    </Space>
  ),
  release: (robot: RobotDesign) => <ReleaseTab robot={robot} />,
  member: (robot: RobotDesign) => <MembersTab robot={robot} />,
  setting: (robot: RobotDesign) => <SettingTab robot={robot} />,
  api: (robot: RobotDesign) => <ApiKeysPanel robot={robot} />,
};

/**
 * /robot/manage/{robotId}/{tab}: design, stats, release, member, setting (spec §2), each shown
 * to the roles that may see it; a link leads to the control side.
 */
export default function RobotManagePage() {
  const { robotId } = useParams();
  return <RobotManageFrame name="robot-manage-design" robotId={robotId} panels={PANELS} controlLink />;
}
