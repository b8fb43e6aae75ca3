import type { ReactNode } from 'react';
import { Card, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { SafetyOutlined } from '@ant-design/icons';
import { pathTo } from '../../app/paths.ts';
import { ROBOT_ROLE } from '@xueban/contract/constants/robots';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { robotDetailQueryOptions } from '../../features/robot-join/api/get-robot-detail.ts';
import { ConsoleMemberTab } from '../../features/classes/components/ConsoleMemberTab.tsx';
import { TeamCreateDialog } from '../../features/robot-join/components/TeamCreateDialog.tsx';
import { ConsoleCourseTab } from '../../features/course-plans/components/ConsoleCourseTab.tsx';
import { StudentCourseProgress } from '../../features/course-plans/components/StudentCourseProgress.tsx';
import { ConsoleMarkTab } from '../../features/marking/components/ConsoleMarkTab.tsx';
import { DataTab } from '../../features/teacher-console/components/DataTab.tsx';
import { FollowTab } from '../../features/teacher-console/components/FollowTab.tsx';
import { ResourceTab } from '../../features/teacher-console/components/ResourceTab.tsx';
import { SettingTab } from '../../features/teacher-console/components/SettingTab.tsx';
import { UserDataTab } from '../../features/teacher-console/components/UserDataTab.tsx';

/** Each console tab (spec §2) and the feature that fills it; the page only composes them. */
const PANELS: Record<string, (robotId: number) => ReactNode> = {
  follow: (robotId) => <FollowTab robotId={robotId} />,
  course: (robotId) => <ConsoleCourseTab robotId={robotId} />,
  data: (robotId) => <DataTab robotId={robotId} />,
  'user-data': (robotId) => (
    <UserDataTab robotId={robotId} studentExtra={(studentId) => <StudentCourseProgress robotId={robotId} studentId={studentId} />} />
  ),
  resource: (robotId) => (
    <ResourceTab robotId={robotId} extra={<Card title="班级课程"><ConsoleCourseTab robotId={robotId} /></Card>} />
  ),
  mark: (robotId) => <ConsoleMarkTab robotId={robotId} />,
  member: (robotId) => (
    <ConsoleMemberTab robotId={robotId} createDialog={(p) => <TeamCreateDialog robotId={robotId} open={p.open} onClose={p.onClose} />} />
  ),
  setting: (robotId) => <SettingTab robotId={robotId} />,
};

/** Who runs classes on a robot: its settled teacher, or its creator. */
const TEACHING_ROLES: readonly string[] = [ROBOT_ROLE.TEACHER, ROBOT_ROLE.CREATOR];

/** /teacherCenter/console/{robotId}/{tab}: the teacher's console for one robot (default follow). */
export default function TeacherConsolePage() {
  const { robotId: raw, tab } = useParams();
  const robotId = Number(raw);
  const valid = Number.isInteger(robotId) && robotId > 0;
  const robot = useQuery({ ...robotDetailQueryOptions(valid ? robotId : 0), enabled: valid });
  let body: ReactNode;
  if (!valid || robot.isError) body = <Empty description="机器人不存在" />;
  else if (!robot.data) body = <Spin />;
  else if (!TEACHING_ROLES.includes(robot.data.role)) body = <Empty description="没有操作权限" />;
  else body = (PANELS[tab ?? 'follow'] ?? PANELS.follow!)(robotId);
  // Safety alerts (issue 28): the teacher's flags page, from the console header.
  const flags = <Link to={pathTo('teacher-flags')} style={{ marginLeft: 'auto' }}><SafetyOutlined /> 安全预警</Link>;
  return <AreaFrame name="teacher-console" extra={<>{robot.data && <span className="area-page-subtitle">{robot.data.name}</span>}{flags}</>}>{body}</AreaFrame>;
}
