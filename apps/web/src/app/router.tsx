import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@xueban/contract/uc';
import { userInfoQueryOptions } from '../lib/session.ts';
import { openAuthDialog, openLoginDialog, useAuthDialogs, type AuthDialog } from '../lib/auth-dialogs.ts';
import { showError } from '../lib/api.ts';
import { MainLayout } from './layouts/MainLayout.tsx';
import { PageLoading } from './layouts/PageLoading.tsx';
import { RouteError } from './routes/route-error.tsx';
import HomePage from './routes/home.tsx';
import { decideAccess } from './guards/access.ts';
import { AREA_HOME, ROUTES, pathTo, type Area, type RouteName } from './paths.ts';
import { areaPage } from './area-pages.tsx';

/** Open routes (spec §2): each goes to /home and opens its dialogue there. */
const OPEN_DIALOGS: Partial<Record<RouteName, { dialog: AuthDialog; needsLogin?: boolean; tab?: string }>> = {
  'user-login': { dialog: 'login' },
  'user-register': { dialog: 'register' },
  'user-reset-pass': { dialog: 'reset-pass' },
  'user-branch': { dialog: 'branch', needsLogin: true },
  'user-join-branch': { dialog: 'join-branch', needsLogin: true },
  'personal-index': { dialog: 'account-settings', needsLogin: true, tab: 'index' },
  'personal-security': { dialog: 'account-settings', needsLogin: true, tab: 'security' },
  'personal-mygroup': { dialog: 'account-settings', needsLogin: true, tab: 'mygroup' },
};

export function createAppRouter(queryClient: QueryClient) {
  const currentUser = (): Promise<UserInfo | null> =>
    queryClient.ensureQueryData(userInfoQueryOptions()).catch(() => null);

  /** Runs the access rules before a page renders; a refusal redirects (and may toast or prompt login). */
  const guard = (name: RouteName, then?: () => Response | null) => async ({ request }: LoaderFunctionArgs) => {
    const user = await currentUser();
    const decision = decideAccess(name, ROUTES[name], user, new URL(request.url).search);
    if (!decision.ok) {
      if (decision.message) showError(decision.message);
      if (decision.openLogin) openLoginDialog();
      return redirect(decision.redirect);
    }
    // Home shows the login dialog to a visitor, unless an open route (/user/register,
    // /user/reset-pass…) has just opened its own dialog on the way here.
    if (name === 'home' && !user && !useAuthDialogs.getState().open) openLoginDialog();
    return then?.() ?? null;
  };

  const openRoute = (name: RouteName) => async ({ request }: LoaderFunctionArgs) => {
    const spec = OPEN_DIALOGS[name]!;
    const user = await currentUser();
    const query = Object.fromEntries(new URL(request.url).searchParams);
    if (spec.needsLogin && !user) openLoginDialog();
    else if (!(user && (spec.dialog === 'login' || spec.dialog === 'register'))) {
      openAuthDialog(spec.dialog, { tab: query.tab ?? spec.tab, invite_code: query.invite_code, expire_time: query.expire_time });
    }
    return redirect(pathTo('home'));
  };

  const route = (name: RouteName): RouteObject => {
    const def = ROUTES[name];
    const base = { id: name, path: def.path };
    if (OPEN_DIALOGS[name]) return { ...base, element: null, loader: openRoute(name) };
    if (name === 'admin' || name === 'group') {
      return { ...base, element: null, loader: guard(name, () => redirect(pathTo(AREA_HOME[name]))) };
    }
    if (name === 'home') return { ...base, Component: HomePage, loader: guard(name) };
    return { ...base, loader: guard(name), lazy: () => areaPage(name, def.area) };
  };

  const names = (area: Area) => (Object.keys(ROUTES) as RouteName[]).filter((n) => ROUTES[n].area === area);
  const main = [...names('main'), ...names('creator'), ...names('teacher')];

  return createBrowserRouter([
    {
      id: 'root',
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        { path: '/', element: null, loader: () => redirect(pathTo('home')) },
        { id: 'layout-main', Component: MainLayout, children: main.map(route) },
        {
          id: 'layout-admin',
          lazy: () => import('../areas/admin/AdminLayout.tsx').then((m) => ({ Component: m.default })),
          children: names('admin').map(route),
        },
        {
          id: 'layout-group',
          lazy: () => import('../areas/group/GroupLayout.tsx').then((m) => ({ Component: m.default })),
          children: names('group').map(route),
        },
        // Unknown paths go to the 404 page (spec §2).
        { path: '*', element: null, loader: () => redirect(pathTo('not-found')) },
      ],
    },
  ]);
}
