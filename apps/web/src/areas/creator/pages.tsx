import type { ComponentType } from 'react';
import { framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import ApplyPage from './ApplyPage.tsx';
import CreatorPage from './CreatorPage.tsx';
import CreatorRobotPage from './CreatorRobotPage.tsx';
import RobotManagePage from './RobotManagePage.tsx';
import { AppManagePage, DeveloperAppDetailPage, DeveloperIndexPage } from './DeveloperPages.tsx';
import { PublishedContentDetailPage, ResourceLibraryPage } from './ResourcePages.tsx';

/** The creator area chunk (创作中心：机器人、意图库、知识库、课程与应用). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  apply: ApplyPage,
  creator: CreatorPage,
  'creator-robot': CreatorRobotPage,
  'robot-manage-design': RobotManagePage,
  'developer-index': DeveloperIndexPage,
  'developer-app-detail': DeveloperAppDetailPage,
  'app-manage': AppManagePage,
  'resource-library': ResourceLibraryPage,
  'published-content-detail': PublishedContentDetailPage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
