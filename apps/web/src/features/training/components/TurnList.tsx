import { Avatar, Typography } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { TrainAttempt } from '@xueban/contract/training';
import { ChatMarkdown } from '../../../components/markdown/ChatMarkdown.tsx';

/** The rounds of a practice as a conversation: the robot in its role on the left, the learner on the right. */
export function TurnList({ turns, pending }: { turns: TrainAttempt['turns']; pending?: string | null }) {
  const shown = pending ? [...turns, { role: 'learner' as const, content: pending, time: 0 }] : turns;
  return (
    <div className="train-turns" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {shown.map((t, i) => {
        const mine = t.role === 'learner';
        return (
          <div key={i} style={{ display: 'flex', gap: 8, flexDirection: mine ? 'row-reverse' : 'row', alignItems: 'flex-start' }} data-role={t.role}>
            <Avatar size={32} icon={mine ? <UserOutlined /> : <RobotOutlined />} style={{ flex: 'none', background: mine ? '#1677ff' : '#8c8c8c' }} />
            <div style={{ maxWidth: '75%', padding: '8px 12px', borderRadius: 8, background: mine ? '#e6f4ff' : '#f5f5f5' }}>
              {mine ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{t.content}</Typography.Text> : <ChatMarkdown content={t.content} />}
            </div>
          </div>
        );
      })}
      {pending && <Typography.Text type="secondary" style={{ paddingLeft: 40 }}>对方正在思考…</Typography.Text>}
    </div>
  );
}
