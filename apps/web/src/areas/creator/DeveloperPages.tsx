import { Button } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { pathTo } from '../../app/paths.ts';
import { DeveloperAppList } from '../../features/app-store/components/DeveloperAppList.tsx';
import { DeveloperAppDetail } from '../../features/app-store/components/DeveloperAppDetail.tsx';
import { AppManageForm } from '../../features/app-store/components/AppManageForm.tsx';

const back = <Link to={pathTo('developer-index')}><Button>返回开发者中心</Button></Link>;

/** /developer/index: my apps (开发者中心). */
export const DeveloperIndexPage = () => <AreaFrame name="developer-index"><DeveloperAppList /></AreaFrame>;

/** /developer/user-app-detail?id=: one of my apps. */
export function DeveloperAppDetailPage() {
  const [search] = useSearchParams();
  return <AreaFrame name="developer-app-detail" extra={back}><DeveloperAppDetail id={Number(search.get('id')) || 0} /></AreaFrame>;
}

/** /appManage/{id}: edit an app's listing. */
export function AppManagePage() {
  const { id } = useParams();
  return <AreaFrame name="app-manage" extra={back}><AppManageForm id={Number(id) || 0} /></AreaFrame>;
}
