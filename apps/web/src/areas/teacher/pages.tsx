import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';
import { TeachingRobots } from '../../features/classes/components/TeachingRobots.tsx';
import { TeachingOverview } from '../../features/classes/components/TeachingOverview.tsx';
import { CoursePlanLibrary } from '../../features/course-plans/components/CoursePlanLibrary.tsx';
import { ReadingDesk } from '../../features/marking/components/ReadingDesk.tsx';
import { SafetyFlagTable } from '../../features/safety-flags/components/SafetyFlagTable.tsx';
import TeacherConsolePage from './TeacherConsolePage.tsx';
import { ProjectDetailPage, StudentProjectDetailPage, TeacherProjectDetailPage } from './ProjectPages.tsx';

const SPACE_TABS = {
  robot: () => <TeachingRobots />,
  index: () => <TeachingOverview />,
  project: () => <CoursePlanLibrary mode="teaching" />,
  repository: () => <KnowledgeBaseList />,
  resIntent: () => <IntentLibrary />,
};

/** /teachingSpace/:tab?: the teacher's robots (default), an overview, course plans, knowledge bases and intents. */
function TeachingSpacePage() {
  const { tab } = useParams();
  const panel = SPACE_TABS[tab as keyof typeof SPACE_TABS] ?? SPACE_TABS.robot;
  return <AreaFrame name="teachingSpace">{panel()}</AreaFrame>;
}

/** /teacherCenter/reading: AI marking across the teacher's classes. */
const ReadingPage = () => <AreaFrame name="teacher-reading"><ReadingDesk /></AreaFrame>;

/** /teacherCenter/flags: safety alerts of the students in the teacher's classes (issue 28). */
const FlagsPage = () => <AreaFrame name="teacher-flags"><SafetyFlagTable scope="teacher" /></AreaFrame>;

/** The teacher area chunk (教学空间、教师控制台、AI 批阅与课程). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  teachingSpace: TeachingSpacePage,
  'teacher-console': TeacherConsolePage,
  'teacher-reading': ReadingPage,
  'teacher-flags': FlagsPage,
  'project-detail': ProjectDetailPage,
  'teacher-project-detail': TeacherProjectDetailPage,
  'student-project-detail': StudentProjectDetailPage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
