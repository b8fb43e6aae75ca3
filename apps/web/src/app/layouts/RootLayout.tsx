import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AuthDialogs } from '../../features/auth/components/AuthDialogs.tsx';
import { AppHeader } from './AppHeader.tsx';

export function RootLayout() {
  return (
    <Layout className="app-layout">
      <AppHeader />
      <Layout.Content className="app-content">
        <Outlet />
      </Layout.Content>
      <AuthDialogs />
    </Layout>
  );
}
