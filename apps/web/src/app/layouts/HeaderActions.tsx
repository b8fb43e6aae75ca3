import { Button } from 'antd';
import { Link } from 'react-router';
import { useUserInfo } from '../../features/auth/api/get-user-info.ts';
import { UserMenu } from '../../features/auth/components/UserMenu.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { useAuthDialogs } from '../../features/auth/stores/auth-dialogs.ts';
import { canEnterGroupAdmin } from '../guards/access.ts';
import { pathTo } from '../paths.ts';

/** The header's right side: 管理后台 (VIP organisation admins), the notification bell, then login or the user dropdown. */
export function HeaderActions({ showGroupLink = true }: { showGroupLink?: boolean }) {
  const { data: user, isPending } = useUserInfo();
  const show = useAuthDialogs((s) => s.show);
  if (isPending) return <div className="app-header-actions" />;
  return (
    <div className="app-header-actions">
      {showGroupLink && canEnterGroupAdmin(user ?? null) && <Link to={pathTo('group')}>管理后台</Link>}
      {user && <NotificationBell initialCount={user.unReadCount} />}
      {user ? <UserMenu user={user} /> : <Button type="primary" onClick={() => show('login')}>登录</Button>}
    </div>
  );
}
