import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { pathTo } from '../../app/paths.ts';
import { IndustryFilter } from '../../features/robots/components/IndustryFilter.tsx';
import { RobotCard } from '../../features/robots/components/RobotCard.tsx';
import { RobotGrid } from '../../features/robots/components/RobotGrid.tsx';

/** /robotList — the robot square: industry tabs, search and an infinite list of robots. */
export default function RobotSquarePage() {
  const navigate = useNavigate();
  const [industryId, setIndustryId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  return (
    <AreaFrame name="robotList">
      <IndustryFilter industryId={industryId} onIndustry={setIndustryId} onSearch={setKeyword} />
      <RobotGrid
        params={{ fetch_type: 'square', industry_id: industryId, keyword }}
        render={(r) => <RobotCard robot={r} onOpen={() => navigate(pathTo('robot-about', { robot_id: r.id }))} />}
      />
    </AreaFrame>
  );
}
