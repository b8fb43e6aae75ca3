import { Empty, Spin } from 'antd';
import { useParams } from 'react-router';
import { isTeacherRoleAbove } from '@xueban/contract/roles';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { useUserInfo } from '../../lib/session.ts';
import { ScenarioList } from '../../features/training/components/ScenarioList.tsx';
import { ScenarioTabs } from '../../features/training/components/ScenarioTabs.tsx';
import { useScenario } from '../../features/training/api/get-scenario.ts';

/** /trainCenter: the practice scenarios; teachers and creators (developers) set new ones up. */
export function TrainCenterPage() {
  const { data: user } = useUserInfo();
  const canCreate = !!user && (isTeacherRoleAbove(user.roles) || user.is_developer);
  return <AreaFrame name="trainCenter"><ScenarioList canCreate={canCreate} /></AreaFrame>;
}

/** /trainCenter/{id}/{train|talk|setup}: one scenario (setup only for those who may edit it). */
export function TrainDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const scenario = useScenario(Number.isInteger(id) ? id : 0);
  const s = scenario.data;
  const tabs = s?.can_edit ? ['train', 'talk', 'setup'] : ['train', 'talk'];
  const tab = params.tab && tabs.includes(params.tab) ? params.tab : 'train';
  return (
    <AreaFrame name="trainCenter-detail" tabKeys={tabs}>
      {s ? <ScenarioTabs scenario={s} tab={tab} />
        : scenario.isError || !(id > 0) ? <Empty description="训练场景不存在或未发布" /> : <Spin style={{ display: 'block', margin: 48 }} />}
    </AreaFrame>
  );
}
