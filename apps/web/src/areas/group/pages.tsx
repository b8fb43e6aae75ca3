import type { ComponentType } from 'react';
import { McpServiceTable } from '../../features/mcp/components/McpServiceTable.tsx';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import { DeveloperApplyTable } from '../../features/developer-applies/components/DeveloperApplyTable.tsx';
import { FeedbackTable } from '../../features/feedback/components/FeedbackTable.tsx';
import { ChatRecordTable } from '../../features/chat-records/components/ChatRecordTable.tsx';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';
import { SafetyFlagTable } from '../../features/safety-flags/components/SafetyFlagTable.tsx';
import { OptInSwitch } from '../../features/safety-flags/components/OptInSwitch.tsx';
import { SensitiveWordTable } from '../../features/sensitive-words/components/SensitiveWordTable.tsx';
import { GroupRobotDetailPage, GroupRobotListPage } from './RobotPages.tsx';
import { OrgManagePanel } from '../../features/org-manage/components/OrgManagePanel.tsx';
import { MemberTable } from '../../features/org-manage/components/MemberTable.tsx';
import { AuditTable } from '../../features/org-manage/components/AuditTable.tsx';
import { AppManagePage } from './AppManagePage.tsx';
import { AppListPage } from './AppListPage.tsx';

/** /group/robot/mcp: the organisation's MCP services and their tools (issue 19). */
const GroupMcpPage = () => <AreaFrame name="group-mcp"><McpServiceTable superAdmin={false} /></AreaFrame>;
const DeveloperPage = () => <AreaFrame name="group-developer-list"><DeveloperApplyTable /></AreaFrame>;
const FeedbackPage = () => <AreaFrame name="group-feedback"><FeedbackTable /></AreaFrame>;
const DialogueRecordPage = () => <AreaFrame name="group-dialogue-record"><ChatRecordTable /></AreaFrame>;
/** /group/robot/repository: the organisation's knowledge bases in its back office. */
const GroupRepositoryPage = () => <AreaFrame name="group-repository"><KnowledgeBaseList /></AreaFrame>;
/** /group/robot/intent: the organisation's intent library in its back office. */
const GroupIntentPage = () => <AreaFrame name="group-intent"><IntentLibrary /></AreaFrame>;

/** /group/safety/flags: every alert of the organisation; each admin chooses to be told of high-severity ones. */
const SafetyFlagsPage = () => <AreaFrame name="group-safety-flags" extra={<OptInSwitch />}><SafetyFlagTable scope="group" /></AreaFrame>;
/** /group/safety/sensitive: the organisation's own sensitive words, on top of the platform's list. */
const GroupSensitivePage = () => <AreaFrame name="group-sensitive"><SensitiveWordTable list="group" /></AreaFrame>;

/** /group/user/organization: information, invite links, sub-organisations (and single sign-on for the super admin). */
const OrganizationPage = () => <AreaFrame name="group-organization"><OrgManagePanel /></AreaFrame>;
/** /group/user/organization/content: the members and their roles. */
const OrganizationContentPage = () => <AreaFrame name="group-organization-content"><MemberTable /></AreaFrame>;
/** /group/user/audit: every change made in this organisation's management. */
const AuditPage = () => <AreaFrame name="group-audit"><AuditTable /></AreaFrame>;

/** The group area chunk (组织后台). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  'group-developer-list': DeveloperPage,
  'group-feedback': FeedbackPage,
  'group-dialogue-record': DialogueRecordPage,
  'group-repository': GroupRepositoryPage,
  'group-intent': GroupIntentPage,
  'group-safety-flags': SafetyFlagsPage,
  'group-sensitive': GroupSensitivePage,
  'group-official-robot': GroupRobotListPage,
  'group-mcp': GroupMcpPage,
  'group-robot-detail': GroupRobotDetailPage,
  'group-organization': OrganizationPage,
  'group-organization-content': OrganizationContentPage,
  'group-audit': AuditPage,
  'group-app-list': AppListPage,
  'group-app-manage': AppManagePage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
