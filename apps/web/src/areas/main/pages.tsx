import type { ComponentType } from 'react';
import { framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import NotFoundPage from './NotFoundPage.tsx';
import NotificationsPage from '../../features/notifications/components/NotificationsPage.tsx';
import RobotSquarePage from './RobotSquarePage.tsx';
import { AboutPage, NoPermissionPage, UnauthorizedPage } from './StatusPages.tsx';
import RobotAboutPage from './RobotAboutPage.tsx';
import MyUsedRobotPage from './MyUsedRobotPage.tsx';
import AppScenePage from './AppScenePage.tsx';
import { DialogueIndexPage, ExternalDialoguePage } from './RobotChatPage.tsx';
import { RepositoryPage } from '../../features/knowledge/components/KnowledgePages.tsx';
import KnowledgeContentPage from '../../features/knowledge/components/KnowledgeContentPage.tsx';
import { ResIntentContentPage, ResIntentPage } from '../../features/intents/components/IntentPages.tsx';

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
  repository: RepositoryPage,
  'repository-content': KnowledgeContentPage,
  resIntent: ResIntentPage,
  'resIntent-content': ResIntentContentPage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
