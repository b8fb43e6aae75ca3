import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import type { UserInfo } from '@xueban/contract/uc';
import { useDoLogout } from '../api/do-logout.ts';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';
import { MSG } from '@xueban/contract/messages';

/** The header's user dropdown (spec §2): 账号设置, 帮助中心 (the header opens it), 退出登录. */
export function UserMenu({ user, onHelp }: { user: UserInfo; onHelp?: () => void }) {
  const show = useAuthDialogs((s) => s.show);
  const logout = useDoLogout();

  const items: MenuProps['items'] = [
    { key: 'account-settings', label: MSG.accountSettings },
    ...(onHelp ? [{ key: 'help-center', label: '帮助中心' }] : []),
    { type: 'divider' },
    { key: 'logout', label: MSG.logout, disabled: logout.isPending },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account-settings') show('account-settings');
    if (key === 'help-center') onHelp?.();
    if (key === 'logout') logout.mutate();
  };

  const name = user.truename || user.name || user.mobile || user.email;
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="user-menu-trigger">
        <Avatar size={28} src={user.avatar || undefined}>
          {name.slice(0, 1)}
        </Avatar>
        <span>{name}</span>
      </Button>
    </Dropdown>
  );
}
