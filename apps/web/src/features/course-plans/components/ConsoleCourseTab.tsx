import { Button, Empty, Flex, Progress, Spin, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useTeachingList } from '../api/get-teaching-list.ts';

/** The console's 课程 tab: plans published to the classes I lead on this robot, each opening its teaching view. */
export function ConsoleCourseTab({ robotId }: { robotId: number }) {
  const list = useTeachingList(robotId);
  const navigate = useNavigate();
  const back = pathTo('teacher-console', { robotId, tab: 'course' });
  const teach = (planId: number, teamId: number) =>
    void navigate(pathTo('teacher-project-detail', { id: planId }, { plan_id: planId, team_id: teamId, redirect_uri: back }));
  if (!list.data) return <Spin />;
  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">发布到你所带班级的课程。新建或发布课程请前往教学空间的“课程”。</Typography.Text>
        <Button onClick={() => void navigate(pathTo('teachingSpace', { tab: 'project' }))}>课程库</Button>
      </Flex>
      <Table
        rowKey={(r) => `${r.plan_id}-${r.team_id}`}
        dataSource={list.data}
        pagination={false}
        locale={{ emptyText: <Empty description="还没有发布到本机器人班级的课程" /> }}
        columns={[
          { title: '课程', dataIndex: 'title' },
          { title: '班级', dataIndex: 'team_title' },
          { title: '学生', dataIndex: 'student_count', width: 80 },
          {
            title: '已解锁', width: 200,
            render: (_, r) => <Progress size="small" percent={r.node_count ? Math.round((r.unlocked_count / r.node_count) * 100) : 0} format={() => `${r.unlocked_count}/${r.node_count}`} />,
          },
          { title: '操作', width: 100, render: (_, r) => <Button type="link" onClick={() => teach(r.plan_id, r.team_id)}>进入教学</Button> },
        ]}
      />
    </div>
  );
}
