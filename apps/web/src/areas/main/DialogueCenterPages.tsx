import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { pathTo } from '../../app/paths.ts';
import { DialogueCenter } from '../../features/dialogue-center/components/DialogueCenter.tsx';

/** 全部 / 我的机器人: the two lists of the dialogue centre are two routes. */
function Switch({ mine }: { mine: boolean }) {
  const navigate = useNavigate();
  return (
    <Segmented value={mine ? 'mine' : 'all'} onChange={(v) => navigate(pathTo(v === 'mine' ? 'dialogueCenter-myRobot' : 'dialogueCenter'))}
      options={[{ value: 'all', label: '全部机器人' }, { value: 'mine', label: '我的机器人' }]} />
  );
}

/** /dialogueCenter: every robot I can talk to (joined, used, my own) with my latest conversation. */
export const DialogueCenterPage = () => <AreaFrame name="dialogueCenter" extra={<Switch mine={false} />}><DialogueCenter mine={false} /></AreaFrame>;
/** /dialogueCenter/myRobot: the robots I created. */
export const MyRobotDialoguePage = () => <AreaFrame name="dialogueCenter-myRobot" extra={<Switch mine />}><DialogueCenter mine /></AreaFrame>;
