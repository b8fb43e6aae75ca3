import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useUserInfo } from '../../lib/session.ts';
import { useAuthDialogs } from '../../lib/auth-dialogs.ts';
import { canEnterGroupAdmin } from '../guards/access.ts';
import { pathTo } from '../paths.ts';
import { MSG } from '@xueban/contract/messages';

// Logged-in only: these load after login, keeping them out of a first, logged-out visit's JS.
const UserMenu = lazy(() => import('../../features/auth/components/UserMenu.tsx').then((m) => ({ default: m.UserMenu })));
const HelpCenterDrawer = lazy(() =>
  import('../../features/help-center/components/HelpCenterDrawer.tsx').then((m) => ({ default: m.HelpCenterDrawer })),
);
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })),
);

/** The header's right side: 管理后台 (VIP organisation admins), the notification bell, then login or the user dropdown (with 帮助中心). */
export function HeaderActions({ showGroupLink = true }: { showGroupLink?: boolean }) {
  const { data: user, isPending } = useUserInfo();
  const show = useAuthDialogs((s) => s.show);
  // 帮助中心 from the user menu: loaded on first opening.
  const [help, setHelp] = useState<boolean | null>(null);
  if (isPending) return <div className="app-header-actions" />;
  return (
    <div className="app-header-actions">
      {showGroupLink && canEnterGroupAdmin(user ?? null) && <Link to={pathTo('group')}>{MSG.adminBackend}</Link>}
      {user ? (
        <Suspense fallback={null}>
          <NotificationBell initialCount={user.unReadCount} />
          <UserMenu user={user} onHelp={() => setHelp(true)} />
          {help !== null && <HelpCenterDrawer open={help} onClose={() => setHelp(false)} />}
        </Suspense>
      ) : (
        <Button type="primary" onClick={() => show('login')}>登录</Button>
      )}
    </div>
  );
}
