import { Button, Layout } from 'antd';
import { Link } from 'react-router';
import { useUserInfo } from '../../features/auth/api/get-user-info.ts';
import { UserMenu } from '../../features/auth/components/UserMenu.tsx';
import { useAuthDialogs } from '../../features/auth/stores/auth-dialogs.ts';
import { pathTo } from '../paths.ts';

/** Header (spec §2): logo link to home; a login button or the user dropdown. */
export function AppHeader() {
  const { data: user, isPending } = useUserInfo();
  const show = useAuthDialogs((s) => s.show);

  return (
    <Layout.Header className="app-header">
      <Link to={pathTo('home')} className="app-logo">
        <span className="app-logo-mark" aria-hidden>
          AI
        </span>
        <span>学伴 AI</span>
      </Link>
      <div className="app-header-actions">
        {isPending ? null : user ? (
          <UserMenu user={user} />
        ) : (
          <Button type="primary" onClick={() => show('login')}>
            登录
          </Button>
        )}
      </div>
    </Layout.Header>
  );
}
