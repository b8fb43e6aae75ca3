import { Alert, Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { AssignmentItem } from '@xueban/contract/marking';
import { useCreatorView } from '../api/get-creator-view.ts';

/**
 * The creator's AI 批阅 tab (/creator/robot/{rid}/mark): what teachers set on this robot and their
 * copies of it, with how far marking has got. Read-only: teachers mark in their console.
 */
export function CreatorMarkTab({ robotId }: { robotId: number }) {
  const view = useCreatorView(robotId);
  const columns: TableColumnsType<AssignmentItem> = [
    { title: '作业', dataIndex: 'title', render: (v: string, a) => <>{v}<br /><small style={{ color: 'rgba(0,0,0,0.45)' }}>{a.rubric.map((c) => c.name).join('、')}（满分 {a.total_points}）</small></> },
    { title: '班级', dataIndex: 'team_title', width: 120 },
    { title: '机器人', dataIndex: 'robot_name', width: 130, render: (v: string, a) => (a.robot_id === robotId ? v : <Space size={4}>{v}<Tag>副本</Tag></Space>) },
    { title: '截止时间', dataIndex: 'due_at', width: 140, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    { title: '已提交', key: 'submitted', width: 90, render: (_, a) => `${a.counts.submitted} / ${a.counts.students}` },
    { title: 'AI 已批', key: 'drafted', width: 72, render: (_, a) => a.counts.drafted },
    { title: '已发布', key: 'released', width: 72, render: (_, a) => a.counts.released },
    {
      title: '进度', key: 'progress', width: 120,
      render: (_, a) => <Progress size="small" percent={a.counts.students ? Math.round((a.counts.released / a.counts.students) * 100) : 0} />,
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message="这里列出老师们在本机器人及其入驻副本上布置的作业和批阅进度（只读）。批阅在教师控制台进行，学生的作答内容不在此显示。" />
      <Table<AssignmentItem> rowKey="id" columns={columns} dataSource={view.data ?? []} loading={view.isFetching} pagination={false} size="small" scroll={{ x: 820 }}
        locale={{ emptyText: '还没有老师在这个机器人上布置作业' }} />
    </Space>
  );
}
