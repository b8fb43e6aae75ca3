import { useLayoutEffect, type ReactNode } from 'react';
import { ConfigProvider, message, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { configureApi } from '../lib/api.ts';
import { setSessionUser } from '../features/auth/api/get-user-info.ts';
import { openLoginDialog } from '../features/auth/stores/auth-dialogs.ts';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 8 },
  components: { Layout: { headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: '#f5f7fa' } },
};

/**
 * Connects the request layer to the UI: error toasts (antd message, rendered in this tree so it
 * takes the theme and locale), and a
 * session the server calls invalid or expired (50008 / 50014) clears the user and opens
 * the login dialog. A layout effect, so it is in place before any query starts.
 */
function ApiBridge({ queryClient }: { queryClient: QueryClient }) {
  const [toast, toastHolder] = message.useMessage();
  useLayoutEffect(
    () =>
      configureApi({
        notifyError: (content, seconds) => void toast.error({ content, duration: seconds }),
        onSessionEnded: () => {
          setSessionUser(queryClient, null);
          openLoginDialog();
        },
      }),
    [toast, queryClient],
  );
  return toastHolder;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <ApiBridge queryClient={queryClient} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
