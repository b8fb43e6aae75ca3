import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { EyeOutlined, TeamOutlined } from '@ant-design/icons';
import type { Robot } from '@xueban/contract/robots';
import { RobotAvatar } from './RobotAvatar.tsx';

/** A robot card: avatar, name, info, creator and the 次查看 / 人加入 counters. */
export function RobotCard({ robot, onOpen, actions }: { robot: Robot; onOpen?: () => void; actions?: ReactNode[] }) {
  return (
    <Card hoverable={!!onOpen} onClick={onOpen} className="robot-card" aria-label={robot.name} actions={actions} size="small">
      <Card.Meta
        avatar={<RobotAvatar src={robot.avatar} />}
        title={robot.name}
        description={<Typography.Paragraph ellipsis={{ rows: 2 }} type="secondary" style={{ marginBottom: 0, minHeight: 44 }}>{robot.info || '暂无介绍'}</Typography.Paragraph>}
      />
      <div className="robot-card-foot" style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8, fontSize: 12, color: '#888' }}>
        <span>{robot.user?.truename || '—'}</span>
        <span>
          <EyeOutlined /> {robot.view_num} 次查看 <TeamOutlined style={{ marginLeft: 8 }} /> {robot.robot_member_count} 人加入
        </span>
      </div>
    </Card>
  );
}
