import { AreaFrame } from '../../components/AreaFrame.tsx';
import { UsedRobotList } from '../../features/robots/components/UsedRobotList.tsx';

/** /my-used-robot — every robot the caller used in this organisation, newest first, with 移除. */
export default function MyUsedRobotPage() {
  return (
    <AreaFrame name="my-used-robot">
      <UsedRobotList />
    </AreaFrame>
  );
}
