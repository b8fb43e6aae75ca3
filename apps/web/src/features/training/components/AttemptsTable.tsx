import { useState } from 'react';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { TrainAttempt } from '@xueban/contract/training';
import { AttemptDrawer } from './AttemptDrawer.tsx';

type Row = Omit<TrainAttempt, 'turns'> & { team_title?: string };
const STATUS = { active: ['进行中', 'processing'], unscored: ['待评分', 'warning'], done: ['已完成', 'success'] } as const;

/** Attempts as a table (my history, or a teacher's students' results), each opened in a drawer. */
export function AttemptsTable({ rows, loading, learners, empty }: { rows: Row[]; loading: boolean; learners?: boolean; empty: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const columns: TableColumnsType<Row> = [
    ...(learners ? [
      { title: '学员', dataIndex: 'user_name', render: (v: string) => v || '—' },
      { title: '班级', dataIndex: 'team_title', render: (v: string) => v || '—' },
    ] : []),
    { title: '方式', dataIndex: 'mode', width: 80, render: (v: string) => (v === 'train' ? '训练' : '对话') },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: Row['status']) => <Tag color={STATUS[v][1]}>{STATUS[v][0]}</Tag> },
    { title: '轮数', key: 'round', width: 80, render: (_, r) => (r.rounds ? `${r.round} / ${r.rounds}` : r.round) },
    { title: '总分', key: 'total', width: 100, render: (_, r) => (r.debrief ? `${r.debrief.total} / ${r.debrief.max}` : '—') },
    { title: '时间', dataIndex: 'update_time', width: 150, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    { title: '操作', key: 'ops', width: 80, render: (_, r) => <Button type="link" size="small" onClick={() => setOpen(r.id)}>查看</Button> },
  ];
  return (
    <>
      <Table<Row> size="small" rowKey="id" columns={columns} dataSource={rows} loading={loading} pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: learners ? 820 : 600 }} locale={{ emptyText: empty }} />
      <AttemptDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
