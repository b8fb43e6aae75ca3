import { Avatar, Button, Card, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Robot } from '@xueban/contract/robots';
import { pathTo } from '../../../app/paths.ts';
import { myClassesQuery } from '../api/my-classes.ts';
import { myRobotsQuery } from '../api/robots.ts';

/** The robots a teacher teaches with: those they settled (teacher) and those they created, once each. */
export function useTeachingRobots() {
  const settled = useQuery(myRobotsQuery('teacher'));
  const created = useQuery(myRobotsQuery('creator'));
  const classes = useQuery(myClassesQuery());
  const seen = new Set<number>();
  const robots: (Robot & { settled: boolean })[] = [];
  for (const [list, isSettled] of [[settled.data?.data ?? [], true], [created.data?.data ?? [], false]] as const) {
    for (const r of list) {
      if (!seen.has(r.id)) robots.push({ ...r, settled: isSettled });
      seen.add(r.id);
    }
  }
  return { robots, classes: classes.data ?? [], loading: settled.isLoading || created.isLoading || classes.isLoading };
}

/** 机器人 tab of the teaching space: each robot with its classes and students, and the ways in. */
export function TeachingRobots(_props: object) {
  const { robots, classes, loading } = useTeachingRobots();
  if (loading) return <Spin />;
  if (robots.length === 0) {
    return (
      <Empty description="还没有教学机器人：在机器人广场找到带「教师入驻」的机器人，入驻后即可创建班级">
        <Link to={pathTo('robotList')}><Button type="primary">去机器人广场</Button></Link>
      </Empty>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {robots.map((r) => {
        const mine = classes.filter((c) => c.robot_id === r.id);
        const students = mine.reduce((n, c) => n + c.student_count, 0);
        return (
          <Col key={r.id} xs={24} md={12} xl={8}>
            <Card
              data-testid={`teaching-robot-${r.id}`}
              actions={[
                <Link key="detail" to={pathTo('space-detail', { id: r.id })}>教学概览</Link>,
                <Link key="console" to={pathTo('teacher-console', { robotId: r.id })}>进入控制台</Link>,
                <Link key="member" to={pathTo('teacher-console', { robotId: r.id, tab: 'member' })}>班级管理</Link>,
              ]}
            >
              <Card.Meta
                avatar={<Avatar size={48} src={r.avatar || undefined} icon={<RobotOutlined />} />}
                title={(
                  <Space wrap size={[8, 4]} style={{ whiteSpace: 'normal' }}>
                    {r.name}<Tag color={r.settled ? 'blue' : 'purple'}>{r.settled ? '已入驻' : '我创建的'}</Tag>
                  </Space>
                )}
                description={(
                  <Space direction="vertical" size={4}>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>{r.info || '暂无简介'}</Typography.Text>
                    <Typography.Text>{mine.length} 个班级 · {students} 名学生</Typography.Text>
                  </Space>
                )}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
