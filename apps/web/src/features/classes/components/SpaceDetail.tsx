import { Avatar, Button, Card, Col, Empty, Flex, List, Row, Space, Spin, Table, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ClassInfo } from '@xueban/contract/classes';
import { ROUTES, pathTo } from '../../../app/paths.ts';
import { robotClassNewsQuery } from '../api/class-news.ts';
import { myClassesQuery } from '../api/my-classes.ts';
import { robotQuery } from '../api/robots.ts';
import { inviteState, joinLink } from '../lib/class-format.ts';
import { NewsItem } from './ClassNewsFeed.tsx';
import { CopyText } from './CopyText.tsx';

const CONSOLE_TABS = ROUTES['teacher-console'].tabs ?? [];

/** /space/detail/{id}: one robot's teaching overview — its classes, their invites, recent news, the console's tabs. */
export function SpaceDetail({ robotId }: { robotId: number }) {
  const valid = Number.isInteger(robotId) && robotId > 0;
  const robot = useQuery({ ...robotQuery(robotId), enabled: valid });
  const classes = useQuery({ ...myClassesQuery(robotId), enabled: valid });
  const news = useQuery({ ...robotClassNewsQuery(robotId), enabled: valid });
  if (!valid || robot.isError) return <Empty description="机器人不存在" />;
  if (!robot.data) return <Spin />;
  if (classes.isError) return <Empty description="没有操作权限" />;
  const list = classes.data ?? [];
  const columns = [
    { title: '班级', dataIndex: 'title' },
    { title: '老师', key: 'teachers', render: (_: unknown, c: ClassInfo) => [c.owner, ...c.co_teachers].map((t) => t.truename || `用户 ${t.uid}`).join('、') },
    { title: '学生', dataIndex: 'student_count', render: (n: number, c: ClassInfo) => `${n} / ${c.team_size}` },
    {
      title: '邀请码', dataIndex: 'code',
      render: (code: string, c: ClassInfo) => (
        <Space direction="vertical" size={2}>
          <Space><Typography.Text strong>{code}</Typography.Text><CopyText text={joinLink(c.robot_id, code)} label={`复制 ${c.title} 的邀请链接`}>复制链接</CopyText></Space>
          <Typography.Text type={c.invite_expired ? 'danger' : 'secondary'}>{inviteState(c)}</Typography.Text>
        </Space>
      ),
    },
    { title: '每日提问', dataIndex: 'daily_quota', render: (q: number | null) => (q ? `${q} 次` : '不限') },
  ];
  const r = robot.data;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} align="center" wrap>
          <Avatar size={56} src={r.avatar || undefined} icon={<RobotOutlined />} />
          <div style={{ flex: 1, minWidth: 200 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>{r.name}</Typography.Title>
            <Typography.Text type="secondary">{r.info || '暂无简介'}</Typography.Text>
          </div>
          <Space wrap>
            {CONSOLE_TABS.map(([tab, label]) => (
              <Link key={tab} to={pathTo('teacher-console', { robotId, tab })}><Button size="small">{label}</Button></Link>
            ))}
          </Space>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card title={`班级（${list.length}）`} extra={<Link to={pathTo('teacher-console', { robotId, tab: 'member' })}>管理班级</Link>}>
            {list.length === 0
              ? <Empty description="还没有班级：在控制台「成员」里创建班级" />
              : <Table<ClassInfo> rowKey="id" size="small" pagination={false} dataSource={list} columns={columns} scroll={{ x: 560 }} />}
          </Card>
        </Col>
        <Col span={24}>
          <Card title="最近班级动态">
            {(news.data ?? []).length === 0
              ? <Empty description="暂无动态" />
              : <List dataSource={news.data} renderItem={(item) => <NewsItem item={item} />} />}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
