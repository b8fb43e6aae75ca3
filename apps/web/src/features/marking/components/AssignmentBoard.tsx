import { useState } from 'react';
import { Button, Card, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { AssignmentItem } from '@xueban/contract/marking';
import { useAssignments } from '../api/get-assignments.ts';
import { useDeleteAssignment } from '../api/delete-assignment.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { AssignmentForm } from './AssignmentForm.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';

interface Props {
  /** On a robot's console: that robot's classes only; else every class the teacher leads. */
  robotId?: number;
}

/**
 * The teacher's assignments with their counts (提交, 待批阅, AI 已批阅, 已发布), 布置作业, and the
 * review screen of one assignment (批阅).
 */
export function AssignmentBoard({ robotId }: Props) {
  const list = useAssignments(robotId);
  const remove = useDeleteAssignment();
  const [confirm, confirmHolder] = useConfirm();
  const [form, setForm] = useState<{ open: boolean; editing: AssignmentItem | null }>({ open: false, editing: null });
  const [reviewing, setReviewing] = useState<number | null>(null);

  if (reviewing) return <ReviewPanel assignmentId={reviewing} onBack={() => setReviewing(null)} />;

  const columns: TableColumnsType<AssignmentItem> = [
    {
      title: '作业', dataIndex: 'title',
      render: (_, a) => (
        <>
          <Typography.Link onClick={() => setReviewing(a.id)}>{a.title}</Typography.Link>
          <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.rubric.map((c) => `${c.name} ${c.points}分`).join(' · ')}（满分 {a.total_points}）</Typography.Text></div>
        </>
      ),
    },
    { title: '班级', dataIndex: 'team_title', width: 120, render: (_, a) => (robotId ? a.team_title : <>{a.team_title}<div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.robot_name}</Typography.Text></div></>) },
    {
      title: '截止时间', dataIndex: 'due_at', width: 140,
      render: (v: number) => (
        <>
          {dayjs.unix(v).format('YYYY-MM-DD HH:mm')}
          {v * 1000 < Date.now() && <div><Tag>已截止</Tag></div>}
        </>
      ),
    },
    {
      title: '批阅进度', key: 'progress', width: 190,
      render: (_, a) => (
        <Space size={[4, 4]} wrap>
          <Tag>已提交 {a.counts.submitted} / {a.counts.students}</Tag>
          <Tag color={a.counts.waiting ? 'orange' : 'default'}>待批阅 {a.counts.waiting}</Tag>
          <Tag color={a.counts.drafted ? 'blue' : 'default'}>AI 已批阅 {a.counts.drafted}</Tag>
          <Tag color={a.counts.released ? 'success' : 'default'}>已发布 {a.counts.released}</Tag>
        </Space>
      ),
    },
    {
      title: '操作', key: 'actions', width: 150, fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setReviewing(a.id)}>批阅</Button>
          <Button type="link" size="small" onClick={() => setForm({ open: true, editing: a })}>编辑</Button>
          <Button
            type="link" size="small" danger
            onClick={() => confirm({
              title: '删除作业', content: `确定删除「${a.title}」？学生的提交和批阅结果将一并删除`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
              onOk: () => remove.mutateAsync(a.id).then(() => showSuccess('已删除')),
            })}
          >删除</Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="作业列表"
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>布置作业</Button>}
    >
      <Table<AssignmentItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: <Empty description="还没有布置作业，点击右上角「布置作业」开始" /> }}
      />
      <AssignmentForm open={form.open} editing={form.editing} robotId={robotId} onClose={() => setForm({ open: false, editing: null })} />
      {confirmHolder}
    </Card>
  );
}
