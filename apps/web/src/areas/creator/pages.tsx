import type { ComponentType } from 'react';
import { framePage } from '../../components/AreaFrame.tsx';
import type { RouteName } from '../../app/paths.ts';

/** The creator area chunk (创作中心：机器人、意图库、知识库、课程与应用). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {};

export const pageFor = (name: RouteName): ComponentType => PAGES[name] ?? framePage(name);
