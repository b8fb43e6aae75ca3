import { Card, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { MarkingRobotRow } from '@xueban/contract/admin';
import { useMarkingRobots } from '../api/get-marking-robots.ts';

type Assignment = MarkingRobotRow['assignments'][number];
const columns: TableColumnsType<Assignment> = [
  { title: '作业', dataIndex: 'title' },
  { title: '班级', dataIndex: 'team_title', width: 140 },
  { title: '教师', dataIndex: 'teacher_name', width: 110 },
  { title: '截止时间', dataIndex: 'due_at', width: 140, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
  { title: '批阅进度', key: 'progress', width: 260, render: (_, a) => (
    <Space size={2}><Tag>已提交 {a.submitted}</Tag><Tag color="blue">AI 已批阅 {a.drafted}</Tag><Tag color="green">已发布 {a.released}</Tag></Space>
  ) },
];

/**
 * Robots with AI marking in use (/admin/match/robotList): each robot's assignments and how far
 * marking has come; `auditHref` leads to the audit lists.
 */
export function MarkingRobotList({ auditHref }: { auditHref: string }) {
  const robots = useMarkingRobots({});
  if (!robots.isLoading && (robots.data ?? []).length === 0) {
    return <Empty description="还没有机器人使用 AI 批阅：教师在控制端的“AI 批阅”中布置作业后，会显示在这里" />;
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {(robots.data ?? []).map((r) => (
        <Card key={r.robot_id} size="small" title={<>{r.robot_name} <Tag>{r.group_name}</Tag></>}
          extra={<Link to={auditHref}>审核列表</Link>}>
          <Table<Assignment> rowKey="id" columns={columns} dataSource={r.assignments} pagination={false} size="small" scroll={{ x: 760 }} />
        </Card>
      ))}
    </Space>
  );
}
