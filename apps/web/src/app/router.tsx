import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { userInfoQueryOptions } from '../features/auth/api/get-user-info.ts';
import { openLoginDialog } from '../features/auth/stores/auth-dialogs.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { PageLoading } from './layouts/PageLoading.tsx';
import { RouteError } from './routes/route-error.tsx';
import HomePage from './routes/home.tsx';
import { ROUTE_PATHS, pathTo, type RouteName } from './paths.ts';

type NamedRoute = Omit<RouteObject, 'path' | 'index' | 'children'> & { children?: RouteObject[] };

/**
 * The route table: one entry per route name of paths.ts (the type makes a missing one a
 * compile error). Home is in the main bundle; every other page loads as its own chunk.
 */
function routeTable(queryClient: QueryClient): Record<RouteName, NamedRoute> {
  return {
    home: { Component: HomePage },
    'user-login': {
      // Open route (spec §2): goes to home, with the login dialog over it unless logged in.
      element: null,
      loader: async () => {
        const user = await queryClient.ensureQueryData(userInfoQueryOptions()).catch(() => null);
        if (!user) openLoginDialog();
        return redirect(pathTo('home'));
      },
    },
    'not-found': { lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.default })) },
  };
}

export function createAppRouter(queryClient: QueryClient) {
  const named = Object.entries(routeTable(queryClient)).map(
    ([name, route]) => ({ ...route, id: name, path: ROUTE_PATHS[name as RouteName] }) as RouteObject,
  );
  return createBrowserRouter([
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        { index: true, element: null, loader: () => redirect(pathTo('home')) },
        ...named,
        // Unknown paths go to the 404 page (spec §2).
        { path: '*', element: null, loader: () => redirect(pathTo('not-found')) },
      ],
    },
  ]);
}
