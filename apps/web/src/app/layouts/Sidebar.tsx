import { Avatar, Button, Dropdown, Empty, Menu, type MenuProps } from 'antd';
import { AppstoreOutlined, HomeOutlined, PlusOutlined, ReadOutlined, SolutionOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import { useUserInfo } from '../../features/auth/api/get-user-info.ts';
import { useDoLogout } from '../../features/auth/api/do-logout.ts';
import { useSetCurrentGroup } from '../../features/auth/api/set-current-group.ts';
import { useAuthDialogs } from '../../features/auth/stores/auth-dialogs.ts';
import { canEnterGroupAdmin, canEnterTeachingSpace, isSuperAdmin } from '../guards/access.ts';
import { pathTo } from '../paths.ts';

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
        <Button type="primary" icon={<PlusOutlined />} className="sidebar-action" onClick={() => navigate(pathTo('creator'))}>
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
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无最近使用的机器人" />
        </div>
      )}
      {user && <UserPanel />}
    </nav>
  );
}

function UserPanel() {
  const { data: user } = useUserInfo();
  const navigate = useNavigate();
  const show = useAuthDialogs((s) => s.show);
  const logout = useDoLogout();
  const switchGroup = useSetCurrentGroup();
  if (!user) return null;

  const items: MenuProps['items'] = [
    ...(isAdminRoleAbove(user.roles) ? [{ key: 'org', label: '组织管理' }] : []),
    { key: 'settings', label: '账号设置' },
    ...(user.groups.length > 1
      ? [{
          key: 'switch', label: '切换组织',
          children: user.groups.map((g) => ({ key: `group:${g.group_id}`, label: g.name, disabled: g.group_id === user.group_id })),
        }]
      : []),
    ...(isSuperAdmin(user) ? [{ key: 'admin', label: '管理后台' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'org') navigate(canEnterGroupAdmin(user) ? pathTo('group-organization') : pathTo('personal-mygroup'));
    if (key === 'settings') show('account-settings');
    if (key === 'admin') navigate(pathTo('admin'));
    if (key === 'logout') logout.mutate(undefined, { onSuccess: () => navigate(pathTo('home')) });
    if (key.startsWith('group:')) switchGroup.mutate(Number(key.slice(6)));
  };
  const name = user.truename || user.name;
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="topLeft">
      <button type="button" className="sidebar-user" aria-label="用户菜单">
        <Avatar size={32} src={user.avatar || undefined}>{name.slice(0, 1)}</Avatar>
        <span className="sidebar-label">
          <span className="sidebar-user-name">{name}</span>
          <span className="sidebar-user-group">{user.group_info?.name}</span>
        </span>
      </button>
    </Dropdown>
  );
}
