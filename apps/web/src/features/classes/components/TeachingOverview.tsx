import { Card, Col, Empty, Row, Spin, Statistic, Table } from 'antd';
import { Link } from 'react-router';
import type { ClassInfo } from '@xueban/contract/classes';
import { pathTo } from '../../../app/paths.ts';
import { inviteState } from '../lib/class-format.ts';
import { useTeachingRobots } from './TeachingRobots.tsx';

/** 概览 tab of the teaching space: counts, and every class the teacher leads with its robot. */
export function TeachingOverview(_props: object) {
  const { robots, classes, loading } = useTeachingRobots();
  if (loading) return <Spin />;
  const robotName = new Map(robots.map((r) => [r.id, r.name]));
  const columns = [
    { title: '班级', dataIndex: 'title' },
    {
      title: '机器人', dataIndex: 'robot_id',
      render: (id: number) => <Link to={pathTo('space-detail', { id })}>{robotName.get(id) ?? `机器人 ${id}`}</Link>,
    },
    { title: '学生', dataIndex: 'student_count', render: (n: number, c: ClassInfo) => `${n} / ${c.team_size}` },
    { title: '邀请', key: 'invite', render: (_: unknown, c: ClassInfo) => inviteState(c) },
    { title: '每日提问', dataIndex: 'daily_quota', render: (q: number | null) => (q ? `${q} 次` : '不限') },
    {
      title: '操作', key: 'go',
      render: (_: unknown, c: ClassInfo) => <Link to={pathTo('teacher-console', { robotId: c.robot_id, tab: 'member' })}>管理</Link>,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={8}><Card><Statistic title="教学机器人" value={robots.length} /></Card></Col>
      <Col xs={8}><Card><Statistic title="班级" value={classes.length} /></Card></Col>
      <Col xs={8}><Card><Statistic title="学生" value={classes.reduce((n, c) => n + c.student_count, 0)} /></Card></Col>
      <Col span={24}>
        <Card title="我的班级">
          {classes.length === 0
            ? <Empty description="还没有班级：进入机器人的控制台「成员」创建班级" />
            : <Table<ClassInfo> rowKey="id" size="small" pagination={false} dataSource={classes} columns={columns} scroll={{ x: 640 }} />}
        </Card>
      </Col>
    </Row>
  );
}
