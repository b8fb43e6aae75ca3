import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { DeveloperApplyTable } from '../../features/developer-applies/components/DeveloperApplyTable.tsx';
import { AppReviewTable } from '../../features/app-store/components/AppReviewTable.tsx';

/** /admin/user/developer: applications to become a creator, and apps submitted for the app store (?view=apps). */
export function DeveloperPage() {
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'apps' ? 'apps' : 'applies';
  return (
    <AreaFrame name="admin-developer">
      <Tabs activeKey={view} onChange={(k) => setSearch(k === 'apps' ? { view: 'apps' } : {})} destroyOnHidden items={[
        { key: 'applies', label: '创作者申请', children: <DeveloperApplyTable /> },
        { key: 'apps', label: '应用审核', children: <AppReviewTable /> },
      ]} />
    </AreaFrame>
  );
}
