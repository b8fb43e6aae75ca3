import { loadChunk } from '../lib/load-chunk.ts';
import type { Area, RouteName } from './paths.ts';

/**
 * Loads a page's area chunk (spec design §6: chat/home, creator, teacher, admin and group load
 * separately) and picks the page for the route name. Each area module exports `pageFor`.
 */
const AREAS: Record<Area, () => Promise<{ pageFor: (name: RouteName) => React.ComponentType }>> = {
  main: () => import('../areas/main/pages.tsx'),
  creator: () => import('../areas/creator/pages.tsx'),
  teacher: () => import('../areas/teacher/pages.tsx'),
  admin: () => import('../areas/admin/pages.tsx'),
  group: () => import('../areas/group/pages.tsx'),
};

export async function areaPage(name: RouteName, area: Area) {
  const mod = await loadChunk(AREAS[area]);
  return { Component: mod.pageFor(name) };
}
