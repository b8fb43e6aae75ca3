import type { ComponentType } from 'react';
import { AreaFrame, framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';
import { DeveloperApplyTable } from '../../features/developer-applies/components/DeveloperApplyTable.tsx';
import { FeedbackTable } from '../../features/feedback/components/FeedbackTable.tsx';
import { AuditListPage, OfficialRobotPage } from './AuditPages.tsx';

const DeveloperPage = () => <AreaFrame name="admin-developer"><DeveloperApplyTable /></AreaFrame>;
const FeedbackPage = () => <AreaFrame name="admin-feedback"><FeedbackTable /></AreaFrame>;

/** The admin area chunk (超级管理员后台). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  'admin-developer': DeveloperPage,
  'admin-feedback': FeedbackPage,
  'admin-audit-list': AuditListPage,
  'admin-official-robot': OfficialRobotPage,
};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
