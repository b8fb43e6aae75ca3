/**
 * Route names of spec §2 mapped to their paths. Links and redirects use names, never
 * literal paths; router.tsx must give every name here a route (its table is typed by it).
 */
export const ROUTE_PATHS = {
  home: '/home',
  /** Open route: shows the login dialog over home. */
  'user-login': '/user/login',
  'not-found': '/404',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

export const pathTo = (name: RouteName): string => ROUTE_PATHS[name];
