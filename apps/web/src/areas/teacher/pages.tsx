import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';

/** /teachingSpace/:tab? — 知识库 lists the organisation's knowledge bases, 意图库 its intent library; the other tabs are built later. */
function TeachingSpacePage() {
  const { tab } = useParams();
  return <AreaFrame name="teachingSpace">{tab === 'repository' ? <KnowledgeBaseList /> : tab === 'resIntent' ? <IntentLibrary /> : undefined}</AreaFrame>;
}

/** The teacher area chunk (教学空间与教师控制台). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  teachingSpace: TeachingSpacePage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
