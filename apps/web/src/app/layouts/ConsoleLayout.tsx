import { Button, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../lib/session.ts';
import { AuthDialogs } from '../../features/auth/components/AuthDialogs.tsx';
import { isEmbedded } from '../../lib/embed.ts';
import { ROUTES, pathTo } from '../paths.ts';
import type { ConsoleMenu } from './console-menus.ts';
import { AppLogo } from './AppLogo.tsx';
import { HeaderActions } from './HeaderActions.tsx';
import { ShellExtras } from './ShellExtras.tsx';
import { canEnterGroupAdmin, isSuperAdmin } from '../guards/access.ts';
import { MSG } from '@xueban/contract/messages';

const matches = (pattern: string, pathname: string) => !!matchPath({ path: pattern, end: false }, pathname);

/**
 * The admin (/admin) and organisation (/group) back offices (spec §2): a top menu, the
 * 更多管理 dropdown and the left menu of the active top entry.
 */
export function ConsoleLayout({ menus }: { menus: ConsoleMenu[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const embedded = isEmbedded(location.search);
  const owns = (m: ConsoleMenu) => [...m.left.map((l) => l.name), ...(m.also ?? [])].some((n) => matches(ROUTES[n].path, location.pathname));
  const active = menus.find(owns) ?? menus[0]!;
  // The most specific entry only: /group/user/organization/content is not also 组织信息.
  const selectedLeft = active.left
    .filter((l) => matches(ROUTES[l.name].path, location.pathname))
    .sort((a, b) => ROUTES[b.name].path.length - ROUTES[a.name].path.length)
    .slice(0, 1)
    .map((l) => pathTo(l.name));

  const more: MenuProps['items'] = [
    { key: pathTo('home'), label: '返回首页' },
    ...(isSuperAdmin(user ?? null) ? [{ key: pathTo('admin'), label: MSG.adminBackend }] : []),
    ...(canEnterGroupAdmin(user ?? null) ? [{ key: pathTo('group'), label: '组织后台' }] : []),
  ];

  return (
    <Layout className="app-layout console-layout">
      {!embedded && (
        <Layout.Header className="app-header">
          <AppLogo />
          <Menu
            mode="horizontal"
            className="app-top-menu"
            selectedKeys={[active.key]}
            items={menus.map((m) => ({ key: m.key, label: m.label }))}
            onClick={({ key }) => navigate(pathTo(menus.find((m) => m.key === key)!.home))}
          />
          <Dropdown menu={{ items: more, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
            <Button type="text">{MSG.moreManagement} <DownOutlined /></Button>
          </Dropdown>
          <HeaderActions showGroupLink={false} />
        </Layout.Header>
      )}
      <Layout hasSider>
        {!embedded && (
          <Layout.Sider width={200} theme="light" className="console-sider" breakpoint="md" collapsedWidth={0}>
            <Menu
              mode="inline"
              selectedKeys={selectedLeft}
              items={active.left.map((l) => ({ key: pathTo(l.name), label: l.label }))}
              onClick={({ key }) => navigate(key)}
            />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      <ShellExtras />
      <AuthDialogs />
    </Layout>
  );
}
