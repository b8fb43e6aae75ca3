import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { MyRobotsTab } from '../../features/robots/components/MyRobotsTab.tsx';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';
import { CoursePlanLibrary } from '../../features/course-plans/components/CoursePlanLibrary.tsx';
import { RevenueCentre } from '../../features/app-store/components/RevenueCentre.tsx';

const TABS: Record<string, () => ReactNode> = {
  robot: () => <MyRobotsTab />,
  resIntent: () => <IntentLibrary />,
  repository: () => <KnowledgeBaseList />,
  project: () => <CoursePlanLibrary mode="creator" />,
  app: () => <RevenueCentre />,
};

/** /creator/:tab? — my robots (default), intent library, knowledge bases and course library, 收益中心 (issue 20). */
export default function CreatorPage() {
  const { tab = 'robot' } = useParams();
  return <AreaFrame name="creator">{TABS[tab]?.()}</AreaFrame>;
}
