import type { ComponentType } from 'react';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import NotFoundPage from './NotFoundPage.tsx';
import NotificationsPage from './NotificationsPage.tsx';
import RobotSquarePage from './RobotSquarePage.tsx';
import { AboutPage, NoPermissionPage, UnauthorizedPage } from './StatusPages.tsx';
import RobotAboutPage from './RobotAboutPage.tsx';
import MyUsedRobotPage from './MyUsedRobotPage.tsx';
import AppScenePage from './AppScenePage.tsx';
import { ExternalDialoguePage, RobotIndexPage } from './RobotChatPage.tsx';
import { DialogueCenterPage, MyRobotDialoguePage } from './DialogueCenterPages.tsx';
import { TrainCenterPage, TrainDetailPage } from './TrainingPages.tsx';
import { DialogueIndexPage, SpaceDetailPage, StudentPanelPage } from './StudyPages.tsx';
import KnowledgeContentPage from './KnowledgeContentPage.tsx';
import { IntentContentPage } from './IntentContentPage.tsx';
import { KnowledgeBaseList } from '../../features/knowledge/components/KnowledgeBaseList.tsx';
import { IntentLibrary } from '../../features/intents/components/IntentLibrary.tsx';
import { ManagersOnly } from './ManagersOnly.tsx';
import { OAuthPage, OrgSettingsPage, SelfCheckPage, UcPage } from './PlatformPages.tsx';
import IconsPage from './IconsPage.tsx';
import { ResourceBrowser } from '../../features/resources/components/ResourceBrowser.tsx';

/** /repository: the organisation's knowledge bases (a learner is told who manages them). */
const RepositoryPage = () => <AreaFrame name="repository"><ManagersOnly resource="knowledge"><KnowledgeBaseList /></ManagersOnly></AreaFrame>;
/** /repository/content/{id}: one knowledge base. */
const RepositoryContentPage = () => <ManagersOnly resource="knowledge" frame="repository-content"><KnowledgeContentPage /></ManagersOnly>;
/** /resIntent: the organisation's intent library. */
const ResIntentPage = () => <AreaFrame name="resIntent"><ManagersOnly resource="intents"><IntentLibrary /></ManagersOnly></AreaFrame>;
/** /resIntent/content?id=…: one intent's recommend content and related intents. */
const ResIntentContentPage = () => <AreaFrame name="resIntent-content"><ManagersOnly resource="intents"><IntentContentPage /></ManagersOnly></AreaFrame>;

/** /resCenter: what is published for reuse, to preview and 复制 into my workspace. */
const ResCenterPage = () => <AreaFrame name="resCenter"><ResourceBrowser /></AreaFrame>;

/** The chat/home area chunk: dialogue, resources, training, robot square and the status pages. */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  'not-found': NotFoundPage,
  unauthorized: UnauthorizedPage,
  'no-permission': NoPermissionPage,
  about: AboutPage,
  notifications: NotificationsPage,
  robotList: RobotSquarePage,
  'robot-about': RobotAboutPage,
  'my-used-robot': MyUsedRobotPage,
  'app-scene': AppScenePage,
  dialogueIndex: DialogueIndexPage,
  'external-dialogue': ExternalDialoguePage,
  dialogueCenter: DialogueCenterPage,
  'dialogueCenter-myRobot': MyRobotDialoguePage,
  'robot-index': RobotIndexPage,
  trainCenter: TrainCenterPage,
  'trainCenter-detail': TrainDetailPage,
  'space-detail': SpaceDetailPage,
  'student-panel-index': StudentPanelPage,
  repository: RepositoryPage,
  'repository-content': RepositoryContentPage,
  resIntent: ResIntentPage,
  'resIntent-content': ResIntentContentPage,
  resCenter: ResCenterPage,
  'org-settings': OrgSettingsPage,
  oauth: OAuthPage,
  'microapp-uc-page': UcPage,
  test: SelfCheckPage,
  icons: IconsPage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
