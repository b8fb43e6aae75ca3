import { lazy, Suspense, useEffect, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { AuthDialogs } from '../../features/auth/components/AuthDialogs.tsx';
import { isEmbedded } from '../../lib/embed.ts';
import { AppHeader } from './AppHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { ShellExtras } from './ShellExtras.tsx';

// Only narrow screens ever open it: it loads on first use.
const Drawer = lazy(() => import('antd/es/drawer'));

/** Below md (768 px) the sidebar is a drawer (spec §9 breakpoints). */
const DRAWER_QUERY = '(max-width: 767.98px)';

/**
 * The root layout (spec §2): header, left sidebar, page. `embed=1` hides the chrome. The
 * drawer closes whenever the route or the screen size changes.
 */
export function MainLayout() {
  const location = useLocation();
  const embedded = isEmbedded(location.search);
  // The drawer is open for the page it was opened on: a route change closes it by itself.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const drawerOpen = openedOn === location.pathname;
  const setDrawerOpen = (open: boolean) => setOpenedOn(open ? location.pathname : null);

  useEffect(() => {
    const mq = window.matchMedia(DRAWER_QUERY);
    const close = () => setOpenedOn(null);
    mq.addEventListener('change', close);
    return () => mq.removeEventListener('change', close);
  }, []);

  return (
    <Layout className="app-layout">
      {!embedded && <AppHeader onMenu={() => setDrawerOpen(true)} />}
      <Layout hasSider={!embedded}>
        {!embedded && (
          <aside className="app-sidebar" aria-label="侧边栏">
            <Sidebar />
          </aside>
        )}
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      {openedOn !== null && (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} placement="left" size={280} onClose={() => setDrawerOpen(false)} styles={{ body: { padding: 0 } }}>
            <Sidebar />
          </Drawer>
        </Suspense>
      )}
      <ShellExtras />
      <AuthDialogs />
    </Layout>
  );
}
