import type { ComponentType } from 'react';
import { framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';

/** The admin area chunk (超级管理员后台). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
