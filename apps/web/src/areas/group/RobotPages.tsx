import { pathTo } from '../../app/paths.ts';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { RobotAdminTable } from '../../features/back-office/components/RobotAdminTable.tsx';

export { GroupRobotDetailPage } from '../admin/RobotDetailPages.tsx';

/** /group/robot/officialRobot: every robot of the organisation, managed as in /admin (one feature, two scopes). */
export const GroupRobotListPage = () => (
  <AreaFrame name="group-official-robot">
    <RobotAdminTable scope="group" detailHref={(id) => pathTo('group-robot-detail', { id })} />
  </AreaFrame>
);
