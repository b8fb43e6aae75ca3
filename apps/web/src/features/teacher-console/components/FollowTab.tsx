import { useState } from 'react';
import { Button, Empty, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { REPLY_STATUS_LABEL } from '@xueban/contract/constants/chat';
import type { FollowItem } from '@xueban/contract/teaching-console';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useClasses } from '../api/get-classes.ts';
import { useFollow } from '../api/get-follow.ts';
import { ConversationContext } from './ConversationContext.tsx';
import './teacher-console.css';

const PAGE_SIZE = 15;

const Folded = ({ text }: { text: string }) => (
  <Typography.Paragraph className="tc-text" ellipsis={{ rows: 3, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}>{text}</Typography.Paragraph>
);

/**
 * 跟进 (follow): the conversations of the students of the teacher's classes with this robot,
 * newest first, filtered by class, student and keyword; 查看上下文 opens the conversation, where an
 * answer is corrected. `?record_id=…` (a safety alert's link) opens that exchange at once.
 */
export function FollowTab({ robotId }: { robotId: number }) {
  const [search, setSearch] = useSearchParams();
  const opened = Number(search.get('record_id')) || null;
  const [page, setPage] = useState(1);
  const [teamId, setTeamId] = useState<number>();
  const [uid, setUid] = useState<number>();
  const [keyword, setKeyword] = useState<string>();
  const classes = useClasses(robotId);
  const list = useFollow({ robot_id: robotId, page, limit: PAGE_SIZE, team_id: teamId, uid, keyword });

  const open = (id: number | null) => setSearch((s) => {
    const next = new URLSearchParams(s);
    if (id) next.set('record_id', String(id));
    else next.delete('record_id');
    return next;
  });
  const students = (classes.data ?? []).filter((c) => !teamId || c.id === teamId).flatMap((c) => c.students);

  const columns: TableColumnsType<FollowItem> = [
    { title: '时间', dataIndex: 'create_time', width: 140, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '学生', key: 'user', width: 130,
      render: (_, r) => (<><div>{r.user.truename || `学生 ${r.user.uid}`}</div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.team_title}</Typography.Text></>),
    },
    { title: '问题', dataIndex: 'question', width: 240, render: (v: string) => <Folded text={v} /> },
    {
      title: '回答', dataIndex: 'answer',
      render: (_, r) => (
        <>
          {r.answer ? <Folded text={r.answer} /> : <Typography.Text type="secondary">{r.notice || '—'}</Typography.Text>}
          {r.status !== 'done' && <Tag>{REPLY_STATUS_LABEL[r.status]}</Tag>}
          {r.correction && <Tag color="success">已订正</Tag>}
        </>
      ),
    },
    { title: '操作', key: 'op', width: 110, render: (_, r) => <Button type="link" size="small" onClick={() => open(r.id)}>查看上下文</Button> },
  ];

  if (classes.data && classes.data.length === 0) {
    return <Empty description="你在这个机器人上还没有班级，创建班级并邀请学生后，可以在这里查看学生的对话" />;
  }
  return (
    <>
      <div className="tc-toolbar">
        <Select
          aria-label="班级" placeholder="全部班级" allowClear style={{ width: 160 }} value={teamId}
          options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
          onChange={(v: number | undefined) => { setTeamId(v); setUid(undefined); setPage(1); }}
        />
        <Select
          aria-label="学生" placeholder="全部学生" allowClear showSearch optionFilterProp="label" style={{ width: 160 }} value={uid}
          options={students.map((s) => ({ value: s.uid, label: s.truename || `学生 ${s.uid}` }))}
          onChange={(v: number | undefined) => { setUid(v); setPage(1); }}
        />
        <Input.Search
          aria-label="关键词" placeholder="搜索问题或回答" allowClear maxLength={50} style={{ width: 220 }}
          onSearch={(v) => { setKeyword(v.trim() || undefined); setPage(1); }}
        />
      </div>
      <Table<FollowItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: '学生还没有和这个机器人对话' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
      <ConversationContext recordId={opened} onClose={() => open(null)} />
    </>
  );
}
