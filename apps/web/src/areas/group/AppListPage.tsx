import { Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { AppList } from '../../features/group-apps/components/AppList.tsx';
import { appsKey } from '../../features/group-apps/api/app-list.ts';
import { AppStoreBrowser } from '../../features/app-store/components/AppStoreBrowser.tsx';

/**
 * /group/workbench/appList: the organisation's installed apps and their seats, and the app store
 * (?tab=store) to install approved apps from; an install shows at once in the installed list.
 */
export function AppListPage() {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const tab = search.get('tab') === 'store' ? 'store' : 'installed';
  return (
    <AreaFrame name="group-app-list">
      <Tabs activeKey={tab} onChange={(k) => setSearch(k === 'store' ? { tab: 'store' } : {})} items={[
        { key: 'installed', label: '已安装', children: <AppList /> },
        { key: 'store', label: '应用商店', children: <AppStoreBrowser onInstalled={() => void queryClient.invalidateQueries({ queryKey: appsKey })} /> },
      ]} />
    </AreaFrame>
  );
}
