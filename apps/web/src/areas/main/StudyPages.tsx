import type { ReactNode } from 'react';
import { Space } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { ClassNewsFeed } from '../../features/classes/components/ClassNewsFeed.tsx';
import { JoinClassPanel } from '../../features/classes/components/JoinClassPanel.tsx';
import { SpaceDetail } from '../../features/classes/components/SpaceDetail.tsx';
import { ClassResources } from '../../features/course-plans/components/ClassResources.tsx';
import { StudentAssignments } from '../../features/marking/components/StudentAssignments.tsx';
import { MyStudyData } from '../../features/teacher-console/components/MyStudyData.tsx';
import { DialogueIndexPage as RobotChat } from './RobotChatPage.tsx';

/** The student's own tabs of /dialogueIndex besides follow (the chat itself), and the features that fill them. */
const STUDY_TABS: Record<string, (robotId: number) => ReactNode> = {
  data: (robotId) => <MyStudyData robotId={robotId} />,
  resource: (robotId) => (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ClassResources robotId={robotId} />
      <StudentAssignments robotId={robotId} />
    </Space>
  ),
  dynamic: (robotId) => <ClassNewsFeed robotId={robotId} />,
};

/** /dialogueIndex/{tab}?dialogueRid=…: follow (default) is the chat; data, resource and dynamic are the student's view of their class. */
export function DialogueIndexPage() {
  const { tab } = useParams();
  const [search] = useSearchParams();
  const robotId = Number(search.get('dialogueRid'));
  const panel = tab ? STUDY_TABS[tab] : undefined;
  if (!panel || !(robotId > 0)) return <RobotChat />;
  return <AreaFrame name="dialogueIndex">{panel(robotId)}</AreaFrame>;
}

/** /space/detail/{id}: one robot's teaching overview. */
export function SpaceDetailPage() {
  const { id } = useParams();
  return <AreaFrame name="space-detail"><SpaceDetail robotId={Number(id)} /></AreaFrame>;
}

/** /studentPanel/{id}?join_room_code=…: a student joins a class with its invite code. */
export function StudentPanelPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return (
    <AreaFrame name="student-panel-index">
      <JoinClassPanel robotId={id ? Number(id) : undefined} joinRoomCode={search.get('join_room_code') ?? undefined} />
    </AreaFrame>
  );
}
