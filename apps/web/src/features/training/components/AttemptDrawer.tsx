import { Alert, Drawer, Spin } from 'antd';
import { useAttempt } from '../api/get-attempt.ts';
import { DebriefCard } from './DebriefCard.tsx';
import { TurnList } from './TurnList.tsx';

/** One attempt read back: its rounds and, once scored, the debrief. */
export function AttemptDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const attempt = useAttempt(id);
  const a = attempt.data;
  return (
    <Drawer open={!!id} onClose={onClose} width={640} title={a ? `${a.user_name || '学员'}的${a.mode === 'train' ? '训练' : '对话'}记录` : '训练记录'}>
      {!a ? <Spin /> : (
        <>
          {a.debrief && <div style={{ marginBottom: 16 }}><DebriefCard debrief={a.debrief} /></div>}
          {a.status === 'unscored' && <Alert style={{ marginBottom: 16 }} type="warning" showIcon message={a.debrief_error || '尚未评分'} />}
          <TurnList turns={a.turns} />
        </>
      )}
    </Drawer>
  );
}
