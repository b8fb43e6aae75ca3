import type { ComponentType } from 'react';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import { DeveloperApplyTable } from '../../features/developer-applies/components/DeveloperApplyTable.tsx';
import { FeedbackTable } from '../../features/feedback/components/FeedbackTable.tsx';
import { AuditListPage, OfficialRobotPage } from './AuditPages.tsx';
import { SensitiveWordTable } from '../../features/sensitive-words/components/SensitiveWordTable.tsx';
import { AiModelTable } from '../../features/ai-models/components/AiModelTable.tsx';
import { ProviderKeyTable } from '../../features/ai-models/components/ProviderKeyTable.tsx';
import { ChatRecordTable } from '../../features/chat-records/components/ChatRecordTable.tsx';
import { AdminKnowledgePage, AdminRepositoryPage } from '../../features/knowledge/components/KnowledgePages.tsx';
import { AdminIntentContentPage, AdminIntentPage, AdminScenePage } from '../../features/intents/components/IntentPages.tsx';

const DeveloperPage = () => <AreaFrame name="admin-developer"><DeveloperApplyTable /></AreaFrame>;
const FeedbackPage = () => <AreaFrame name="admin-feedback"><FeedbackTable /></AreaFrame>;
const SensitivePage = () => <AreaFrame name="admin-sensitive"><SensitiveWordTable /></AreaFrame>;
const AiModelPage = () => <AreaFrame name="admin-aimodel"><AiModelTable /></AreaFrame>;
const KeyPage = () => <AreaFrame name="admin-key"><ProviderKeyTable /></AreaFrame>;
const DialogueRecordPage = () => <AreaFrame name="admin-dialogue-record"><ChatRecordTable /></AreaFrame>;

/** The admin area chunk (超级管理员后台). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  'admin-developer': DeveloperPage,
  'admin-feedback': FeedbackPage,
  'admin-audit-list': AuditListPage,
  'admin-official-robot': OfficialRobotPage,
  'admin-sensitive': SensitivePage,
  'admin-aimodel': AiModelPage,
  'admin-key': KeyPage,
  'admin-dialogue-record': DialogueRecordPage,
  'admin-repository': AdminRepositoryPage,
  'admin-knowledge': AdminKnowledgePage,
  'admin-intent': AdminIntentPage,
  'admin-intent-content': AdminIntentContentPage,
  'admin-scene': AdminScenePage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
