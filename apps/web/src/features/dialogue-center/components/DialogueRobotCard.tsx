import { Avatar, Button, Card, Skeleton, Typography } from 'antd';
import { MessageOutlined, RobotOutlined } from '@ant-design/icons';
import type { Robot } from '@xueban/contract/robots';
import { timeLabel } from '../../../lib/time-label.ts';
import { useLatestSession } from '../api/get-latest-session.ts';

/** One robot of the dialogue centre: who it is, my latest conversation with it (title, time), and 进入对话. */
export function DialogueRobotCard({ robot, onOpen }: { robot: Robot; onOpen: () => void }) {
  const latest = useLatestSession(robot.id);
  return (
    <Card size="small" hoverable onClick={onOpen} aria-label={robot.name} className="dialogue-robot-card"
      actions={[<Button key="open" type="link" icon={<MessageOutlined />} onClick={(e) => { e.stopPropagation(); onOpen(); }}>{latest.data ? '继续对话' : '开始对话'}</Button>]}>
      <Card.Meta
        avatar={robot.avatar ? <Avatar src={robot.avatar} size={46} alt="机器人头像" /> : <Avatar size={46} icon={<RobotOutlined />} aria-label="默认头像" />}
        title={robot.name}
        description={<Typography.Paragraph ellipsis={{ rows: 1 }} type="secondary" style={{ marginBottom: 0 }}>{robot.info || '暂无介绍'}</Typography.Paragraph>}
      />
      <div style={{ marginTop: 12, minHeight: 22, fontSize: 13 }}>
        {latest.isPending ? <Skeleton.Input size="small" active block /> : latest.data ? (
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }} data-testid="latest-session">
            <Typography.Text ellipsis style={{ flex: 1 }}>最近对话：{latest.data.name}</Typography.Text>
            <Typography.Text type="secondary">{timeLabel(latest.data.update_time)}</Typography.Text>
          </div>
        ) : <Typography.Text type="secondary">还没有对话</Typography.Text>}
      </div>
    </Card>
  );
}
