import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import { useUserInfo } from '../../lib/session.ts';
import { useDoLogout } from '../../features/auth/api/do-logout.ts';
import { useSetCurrentGroup } from '../../features/auth/api/set-current-group.ts';
import { useAuthDialogs } from '../../lib/auth-dialogs.ts';
import { canEnterGroupAdmin, isSuperAdmin } from '../guards/access.ts';
import { pathTo } from '../paths.ts';
import { MSG } from '@xueban/contract/messages';

/**
 * The sidebar's user panel (spec §2): organisation management (org admin or above), account
 * settings, switch organisation (only with several), admin backend (super admin), logout.
 */
export default function UserPanel() {
  const { data: user } = useUserInfo();
  const navigate = useNavigate();
  const show = useAuthDialogs((s) => s.show);
  const logout = useDoLogout();
  const switchGroup = useSetCurrentGroup();
  if (!user) return null;

  const items: MenuProps['items'] = [
    ...(isAdminRoleAbove(user.roles) ? [{ key: 'org', label: '组织管理' }] : []),
    { key: 'settings', label: MSG.accountSettings },
    ...(user.groups.length > 1
      ? [{
          key: 'switch', label: '切换组织',
          children: user.groups.map((g) => ({ key: `group:${g.group_id}`, label: g.name, disabled: g.group_id === user.group_id })),
        }]
      : []),
    ...(isSuperAdmin(user) ? [{ key: 'admin', label: MSG.adminBackend }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: MSG.logout },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'org') navigate(canEnterGroupAdmin(user) ? pathTo('group-organization') : pathTo('org-settings'));
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
