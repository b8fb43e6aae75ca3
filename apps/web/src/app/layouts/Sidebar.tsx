import { lazy, Suspense } from 'react';
import { Button, Menu, type MenuProps } from 'antd';
import { AppstoreOutlined, HomeOutlined, PlusOutlined, ReadOutlined, SolutionOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../lib/session.ts';
import { openCreateRobotDialog } from '../../features/robots/stores/create-robot-dialog.ts';
import { canEnterTeachingSpace } from '../guards/access.ts';
import { pathTo } from '../paths.ts';

// Logged-in only: loads after login (Dropdown and Avatar stay out of a logged-out visit's JS).
const UserPanel = lazy(() => import('./SidebarUserPanel.tsx'));
const RecentRobots = lazy(() => import('../../features/robots/components/RecentRobots.tsx'));

/**
 * The left sidebar (spec §2): home, teaching space (teachers and developers), robot square;
 * recently used robots; create robot (developers) or apply to become creator (teachers);
 * and the user panel.
 */
export function Sidebar() {
  const { data: user } = useUserInfo();
  const location = useLocation();
  const navigate = useNavigate();

  const nav: MenuProps['items'] = [
    { key: pathTo('home'), icon: <HomeOutlined />, label: '首页' },
    ...(canEnterTeachingSpace(user ?? null) ? [{ key: pathTo('teachingSpace'), icon: <ReadOutlined />, label: '教学空间' }] : []),
    { key: pathTo('robotList'), icon: <AppstoreOutlined />, label: '机器人广场' },
  ];
  const selected = nav.map((i) => String(i?.key)).filter((k) => location.pathname.startsWith(k));

  return (
    <nav className="sidebar">
      <Menu mode="inline" items={nav} selectedKeys={selected} onClick={({ key }) => navigate(key)} className="sidebar-nav" />
      {user?.is_developer && (
        <Button type="primary" icon={<PlusOutlined />} className="sidebar-action" onClick={openCreateRobotDialog}>
          <span className="sidebar-label">创建机器人</span>
        </Button>
      )}
      {user && !user.is_developer && user.roles.includes('ROLE_TEACHER') && (
        <Button icon={<SolutionOutlined />} className="sidebar-action" onClick={() => navigate(pathTo('apply'))}>
          <span className="sidebar-label">申请成为创作者</span>
        </Button>
      )}
      {user && (
        <div className="sidebar-recent">
          <div className="sidebar-recent-head">
            <span>最近使用</span>
            <Link to={pathTo('my-used-robot')}>查看全部</Link>
          </div>
          <Suspense fallback={null}><RecentRobots /></Suspense>
        </div>
      )}
      {user && <Suspense fallback={null}><UserPanel /></Suspense>}
    </nav>
  );
}
