import { useLayoutEffect, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { configureApi } from '../lib/api.ts';
import { showErrorToast } from '../lib/toast.ts';
import { setSessionUser } from '../lib/session.ts';
import { openLoginDialog } from '../lib/auth-dialogs.ts';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 8 },
  components: { Layout: { headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: '#f5f7fa' } },
};

const settings = { locale: zhCN, theme, button: { autoInsertSpace: false } };

// antd's static toasts and dialogues render outside the tree: they take the same settings here.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider {...settings}>{children}</ConfigProvider> });

/**
 * Connects the request layer to the UI: error toasts, and a session the server calls invalid or
 * expired (50008 / 50014) clears the user and opens the login dialog. A layout effect, so it is
 * in place before any query starts.
 */
function ApiBridge({ queryClient }: { queryClient: QueryClient }) {
  useLayoutEffect(
    () =>
      configureApi({
        notifyError: showErrorToast,
        onSessionEnded: () => {
          setSessionUser(queryClient, null);
          openLoginDialog();
        },
      }),
    [queryClient],
  );
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider {...settings}>
      <ApiBridge queryClient={queryClient} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
