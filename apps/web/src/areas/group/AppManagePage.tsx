import { useParams } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { AppManage } from '../../features/group-apps/components/AppManage.tsx';

/** /group/workbench/appList/appManage/{id}: one installed app, its seats and holders. */
export function AppManagePage() {
  const { id } = useParams();
  return <AreaFrame name="group-app-manage"><AppManage id={Number(id) || 0} /></AreaFrame>;
}
