import { useState } from 'react';
import { Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { REPLY_STATUSES, REPLY_STATUS_LABEL, type ReplyStatus } from '@xueban/contract/constants/chat';
import type { ManagedRecordItem } from '@xueban/contract/chat';
import { LIMITS } from '@xueban/contract/limits';
import { useChatRecords } from '../api/get-chat-records.ts';
import { useRecordRobots } from '../api/get-record-robots.ts';
import { exportChatRecords } from '../api/export-chat-records.ts';
import { filterQuery, parseFilters, type RecordFilters } from '../lib/record-filters.ts';
import { toolCallsOf } from '../lib/tool-calls.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import './chat-records.css';

const PAGE_SIZE = LIMITS.pageSize.default;
const STATUS_COLOR: Record<ReplyStatus, string> = {
  streaming: 'processing', done: 'success', stopped: 'default', failed: 'error', interrupted: 'warning',
};
const TOOL_STATE: Record<string, { label: string; color: string }> = {
  done: { label: '已完成', color: 'success' }, failed: { label: '失败', color: 'error' }, running: { label: '未结束', color: 'default' },
};

/** The reply's tool calls (issue 19) with the arguments sent and the result got, secrets already redacted by the server. */
const ToolCalls = ({ content }: { content: string }) => {
  const calls = toolCallsOf(content);
  if (!calls.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {calls.map((c, i) => (
        <div key={i} style={{ marginBottom: 6 }}>
          <Space size={4} wrap>
            <Typography.Text strong>{c.title}</Typography.Text>
            {c.state && <Tag color={TOOL_STATE[c.state]!.color}>{TOOL_STATE[c.state]!.label}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{(c.durationMs / 1000).toFixed(1)} 秒</Typography.Text>
          </Space>
          {c.arguments && <Folded text={`参数：${c.arguments}`} rows={2} />}
          {c.result && <Folded text={`结果：${c.result}`} rows={2} />}
        </div>
      ))}
    </>
  );
};

const STATUS_OPTIONS = REPLY_STATUSES.map((s) => ({ value: s, label: REPLY_STATUS_LABEL[s] }));

/** Long text folded to a few lines, unfolded in place (展开 / 收起). Answers show as written, markdown unrendered. */
const Folded = ({ text, rows }: { text: string; rows: number }) => (
  <Typography.Paragraph className="chat-records-text" ellipsis={{ rows, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}>
    {text}
  </Typography.Paragraph>
);

const columns: TableColumnsType<ManagedRecordItem> = [
  { title: '时间', dataIndex: 'create_time', width: 150, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
  {
    title: '用户',
    key: 'user',
    width: 130,
    render: (_, r) => (
      <>
        <div>{r.user.truename || '—'}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>ID {r.user.uid}</Typography.Text>
      </>
    ),
  },
  { title: '机器人', dataIndex: 'robot_name', width: 140 },
  { title: '会话', dataIndex: 'session_name', width: 140 },
  { title: '问题', dataIndex: 'question', width: 260, render: (v: string) => <Folded text={v} rows={3} /> },
  {
    title: '回答',
    dataIndex: 'answer',
    render: (_, r) => (r.answer ? <Folded text={r.answer} rows={3} /> : <Typography.Text type="secondary">{r.notice || '—'}</Typography.Text>),
  },
  { title: '工具调用', dataIndex: 'activity_content', width: 220, render: (v: string) => <ToolCalls content={v} /> },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: ReplyStatus) => <Tag color={STATUS_COLOR[s]}>{REPLY_STATUS_LABEL[s] ?? s}</Tag>,
  },
];

/**
 * 对话管理 (admin-dialogue-record, group-dialogue-record): the conversations the caller may read,
 * newest first, filtered by robot, keyword (question, answer or user name) and reply status, and
 * exported with the same filters as an .xlsx file. Filters and page live in the URL.
 */
export function ChatRecordTable() {
  const [search, setSearch] = useSearchParams();
  const { page, ...filters } = parseFilters(search);
  const list = useChatRecords({ page, limit: PAGE_SIZE, ...filters });
  const robots = useRecordRobots();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const [exporting, setExporting] = useState(false);

  /** A new filter starts again from page 1. */
  const filter = (next: Partial<RecordFilters>) => setSearch(filterQuery({ ...filters, ...next, page: 1 }));

  const download = async () => {
    setExporting(true);
    try {
      await exportChatRecords(filters);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className="chat-records-toolbar">
        <Space wrap>
          <Select
            aria-label="机器人"
            placeholder="全部机器人"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            value={filters.robot_id}
            loading={robots.isLoading}
            options={(robots.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(v: number | undefined) => filter({ robot_id: v })}
          />
          <Input.Search
            aria-label="关键词"
            placeholder="搜索问题、回答或用户"
            allowClear
            maxLength={100}
            style={{ width: 240 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => filter({ keyword: v.trim() || undefined })}
          />
          <Select
            aria-label="状态"
            placeholder="全部状态"
            allowClear
            style={{ width: 130 }}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(v: ReplyStatus | undefined) => filter({ status: v })}
          />
        </Space>
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={!list.data?.total} onClick={() => void download()}>
          导出
        </Button>
      </div>
      <Table<ManagedRecordItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1320 }}
        locale={{ emptyText: '暂无对话记录' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => setSearch(filterQuery({ ...filters, page: p })))}
      />
    </>
  );
}
