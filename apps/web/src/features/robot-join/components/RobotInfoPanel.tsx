import type { ReactNode } from 'react';
import { Avatar, Divider, Flex, Image, Statistic, Typography } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { RobotDetail } from '@xueban/contract/robots';

/** The column beside the chat (spec §2: 400 px); inside a drawer on a narrow screen it takes the drawer's width. */
const COLUMN = { width: 400, flex: '0 0 400px', borderLeft: '1px solid #f0f0f0', padding: 24, overflowY: 'auto' } as const;

/**
 * The 400 px right panel of the about page: cover, name, creator, counters, actions, 机器人能力.
 * `inDrawer`: shown in a drawer over the chat (narrow screens), the drawer sets its size.
 */
export function RobotInfoPanel({ robot, templateMode, actions, inDrawer = false }: { robot: RobotDetail; templateMode: boolean; actions: ReactNode; inDrawer?: boolean }) {
  return (
    <aside style={inDrawer ? undefined : COLUMN} aria-label="机器人信息">
      {robot.extra.cover_url
        ? <Image src={robot.extra.cover_url} alt="封面" width="100%" height={180} style={{ objectFit: 'cover', borderRadius: 8 }} preview={false} />
        : <Flex align="center" justify="center" style={{ height: 180, borderRadius: 8, background: '#f5f7fa' }}><RobotOutlined style={{ fontSize: 56, color: '#bbb' }} /></Flex>}
      <Typography.Title level={4} style={{ marginTop: 16 }}>{robot.name}</Typography.Title>
      <Flex align="center" gap={8}>
        <Avatar size={24} src={robot.user.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Text type="secondary">{robot.user.truename}</Typography.Text>
      </Flex>
      <Flex gap={32} style={{ marginTop: 16 }}>
        <Statistic value={robot.view_num} suffix="次查看" valueStyle={{ fontSize: 18 }} />
        <Statistic value={robot.robot_member_count} suffix="人加入" valueStyle={{ fontSize: 18 }} />
        {templateMode && <Statistic value={robot.copy_num} suffix="次复制" valueStyle={{ fontSize: 18 }} />}
      </Flex>
      <Flex vertical gap={8} style={{ marginTop: 24 }}>{actions}</Flex>
      <Divider />
      <Typography.Title level={5}>机器人能力</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{robot.extra.introduce || '暂无介绍'}</Typography.Paragraph>
    </aside>
  );
}
