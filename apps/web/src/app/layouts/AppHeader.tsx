import { Button, Layout, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../lib/session.ts';
import { wantsAdminHeader } from '../../lib/embed.ts';
import { pathTo } from '../paths.ts';
import { AppLogo } from './AppLogo.tsx';
import { HeaderActions } from './HeaderActions.tsx';
import { ADMIN_TOP_MENU } from './console-menus.ts';

/** The header of the main layout (spec §2): logo, top menu, 管理后台, login or user dropdown. */
export function AppHeader({ onMenu }: { onMenu: () => void }) {
  const { data: user } = useUserInfo();
  const location = useLocation();
  const navigate = useNavigate();
  // isTopMenu=0 switches to the admin header's top menu (spec §2 query params).
  const items = wantsAdminHeader(location.search)
    ? ADMIN_TOP_MENU.map((m) => ({ key: pathTo(m.home), label: m.label }))
    : [
        { key: pathTo('home'), label: '首页' },
        { key: pathTo('dialogueCenter'), label: '对话中心' },
        { key: pathTo('resCenter'), label: '资源中心' },
        { key: pathTo('trainCenter'), label: '训练中心' },
        ...(user?.is_developer ? [{ key: pathTo('creator'), label: '创作中心' }] : []),
      ];
  const selected = items.filter((i) => location.pathname.startsWith(i.key)).map((i) => i.key);
  return (
    <Layout.Header className="app-header">
      <Button type="text" icon={<MenuOutlined />} className="app-menu-toggle" aria-label="打开菜单" onClick={onMenu} />
      <AppLogo />
      <Menu mode="horizontal" items={items} selectedKeys={selected} onClick={({ key }) => navigate(key)} className="app-top-menu" />
      <HeaderActions />
    </Layout.Header>
  );
}
