import type { ComponentType } from 'react';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import { FeedbackTable } from '../../features/feedback/components/FeedbackTable.tsx';
import { AuditListPage } from './AuditPages.tsx';
import {
  AdminIndexPage, AuditLogPage, HelpCenterPage, MatchRobotListPage, OfficialRobotPage, OrganizationContentPage, OrganizationPage, SettingsPage, UserListPage,
} from './BackOfficePages.tsx';
import { AdminRobotDetailPage } from './RobotDetailPages.tsx';
import { SensitiveWordTable } from '../../features/sensitive-words/components/SensitiveWordTable.tsx';
import { AiModelTable } from '../../features/ai-models/components/AiModelTable.tsx';
import { ProviderKeyTable } from '../../features/ai-models/components/ProviderKeyTable.tsx';
import { ChatRecordTable } from '../../features/chat-records/components/ChatRecordTable.tsx';
import { AdminDocumentTable, AdminKnowledgeBaseTable } from '../../features/knowledge/components/AdminKnowledgeTables.tsx';
import { AdminIntentTable } from '../../features/intents/components/AdminIntentTable.tsx';
import { AdminIntentContent } from '../../features/intents/components/AdminIntentContent.tsx';
import { SceneTable } from '../../features/intents/components/SceneTable.tsx';
import { McpPage } from './McpPage.tsx';
import { DeveloperPage } from './DeveloperPage.tsx';

const FeedbackPage = () => <AreaFrame name="admin-feedback"><FeedbackTable /></AreaFrame>;
const SensitivePage = () => <AreaFrame name="admin-sensitive"><SensitiveWordTable /></AreaFrame>;
const AiModelPage = () => <AreaFrame name="admin-aimodel"><AiModelTable /></AreaFrame>;
const KeyPage = () => <AreaFrame name="admin-key"><ProviderKeyTable /></AreaFrame>;
const DialogueRecordPage = () => <AreaFrame name="admin-dialogue-record"><ChatRecordTable /></AreaFrame>;
/** /admin/robot/repository: every organisation's knowledge bases. */
const AdminRepositoryPage = () => <AreaFrame name="admin-repository"><AdminKnowledgeBaseTable /></AreaFrame>;
/** /admin/robot/knowledge (知识管理): every organisation's documents and their training. */
const AdminKnowledgePage = () => <AreaFrame name="admin-knowledge"><AdminDocumentTable /></AreaFrame>;
/** /admin/robot/intent: every organisation's categories. */
const AdminIntentPage = () => <AreaFrame name="admin-intent"><AdminIntentTable /></AreaFrame>;
/** /admin/robot/intent/content?id=…: a category's intents and their parts. */
const AdminIntentContentPage = () => <AreaFrame name="admin-intent-content"><AdminIntentContent /></AreaFrame>;
/** /admin/robot/scene: the scenes. */
const AdminScenePage = () => <AreaFrame name="admin-scene"><SceneTable /></AreaFrame>;

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
  'admin-mcp': McpPage,
  'admin-index': AdminIndexPage,
  'admin-organization': OrganizationPage,
  'admin-organization-content': OrganizationContentPage,
  'admin-user-list': UserListPage,
  'admin-robot-detail': AdminRobotDetailPage,
  'admin-settings': SettingsPage,
  'admin-match-robot-list': MatchRobotListPage,
  'admin-audit-log': AuditLogPage,
  'admin-help-center': HelpCenterPage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
