import type { ComponentType } from 'react';
import { framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';

/** The teacher area chunk (教学空间与教师控制台). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
