import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Card } from 'antd';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { MyRobotsTab } from '../../features/robots/components/MyRobotsTab.tsx';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';
import { CoursePlanLibrary } from '../../features/course-plans/components/CoursePlanLibrary.tsx';
import { PublishContentModal, type PublishTarget } from '../../features/resources/components/PublishContentModal.tsx';
import { MyPublications } from '../../features/resources/components/MyPublications.tsx';
import { SolutionsTab } from '../../features/solutions/components/SolutionsTab.tsx';
import { RevenueCentre } from '../../features/app-store/components/RevenueCentre.tsx';

/** 课程库 with publishing: 共享 on a plan offers it to the resource centre; my publications (status, views, copies) below. */
function CourseLibraryTab() {
  const [target, setTarget] = useState<PublishTarget | null>(null);
  return (
    <>
      <CoursePlanLibrary mode="creator" onShare={(p) => setTarget({ kind: 'course', id: p.id, title: p.title })} />
      <Card title="我的发布" size="small" style={{ marginTop: 24 }}><MyPublications /></Card>
      <PublishContentModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function KnowledgeTab() {
  const [target, setTarget] = useState<PublishTarget | null>(null);
  return (
    <>
      <KnowledgeBaseList onShare={(b) => setTarget({ kind: 'knowledge', id: b.id, title: b.name })} />
      <PublishContentModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function IntentTab() {
  const [target, setTarget] = useState<PublishTarget | null>(null);
  return (
    <>
      <IntentLibrary onShare={(c) => setTarget({ kind: 'intent', id: c.id, title: c.name })} />
      <PublishContentModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}

const TABS: Record<string, () => ReactNode> = {
  robot: () => <MyRobotsTab />,
  resIntent: () => <IntentTab />,
  repository: () => <KnowledgeTab />,
  project: () => <CourseLibraryTab />,
  solution: () => <SolutionsTab />,
  app: () => <RevenueCentre />,
};

/** /creator/:tab? — my robots (default), intent library, knowledge bases, course library (with publishing), solutions and 收益中心 (the app store's revenue). */
export default function CreatorPage() {
  const { tab = 'robot' } = useParams();
  return <AreaFrame name="creator">{TABS[tab]?.()}</AreaFrame>;
}
