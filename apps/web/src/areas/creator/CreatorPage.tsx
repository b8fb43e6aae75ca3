import { useParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { MyRobotsTab } from '../../features/robots/components/MyRobotsTab.tsx';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';

/** /creator/:tab? — the robot tab (default) lists my robots, 意图库 the intent library, 知识库 the knowledge bases; the other tabs are built later. */
export default function CreatorPage() {
  const { tab = 'robot' } = useParams();
  return <AreaFrame name="creator">{tab === 'robot' ? <MyRobotsTab /> : tab === 'repository' ? <KnowledgeBaseList /> : tab === 'resIntent' ? <IntentLibrary /> : undefined}</AreaFrame>;
}
