import { useState } from 'react';
import { DatePicker, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { AuditLog } from '@xueban/contract/admin';
import { tablePagination } from '../../../components/table-pagination.ts';
import { ACTION_LABEL } from '../lib/labels.ts';
import { useAuditList } from '../api/get-audit-list.ts';

const PAGE_SIZE = 20;

/** A value as people read it: times (…_time, unix seconds) as dates, lists and objects as JSON. */
const show = (key: string, v: unknown) => {
  if (key.endsWith('_time') && typeof v === 'number' && v > 0) return dayjs.unix(v).format('YYYY-MM-DD HH:mm');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** before/after as short "field: value" lines. */
function Fields({ value }: { value: Record<string, unknown> | null }) {
  if (!value || Object.keys(value).length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div style={{ fontSize: 12, lineHeight: 1.6 }}>
      {Object.entries(value).map(([k, v]) => (
        <div key={k}><Typography.Text type="secondary">{k}：</Typography.Text>{show(k, v)}</div>
      ))}
    </div>
  );
}

const ACTION_OPTIONS = [
  { value: 'group', label: '组织' }, { value: 'member', label: '成员' }, { value: 'user', label: '账号' },
  { value: 'robot', label: '机器人' }, { value: 'settings', label: '基础设置' }, { value: 'banner', label: '横幅' }, { value: 'help', label: '帮助中心' },
  ...Object.entries(ACTION_LABEL).map(([value, label]) => ({ value, label })),
];

/**
 * The audit trail (操作日志): who changed what, when, from where, before and after; newest first,
 * filtered by actor, action, target and period. scope group shows only the caller's organisation.
 */
export function AuditLogTable({ scope }: { scope: 'admin' | 'group' }) {
  const [page, setPage] = useState(1);
  const [actor, setActor] = useState('');
  const [target, setTarget] = useState('');
  const [action, setAction] = useState<string | undefined>();
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const list = useAuditList({
    scope, page, limit: PAGE_SIZE, actor: actor || undefined, target: target || undefined, action,
    start_time: period?.[0]?.startOf('day').unix(), end_time: period?.[1]?.endOf('day').unix(),
  });
  const columns: TableColumnsType<AuditLog> = [
    { title: '时间', dataIndex: 'create_time', width: 150, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') },
    { title: '操作人', dataIndex: 'actor_name', width: 120, render: (v: string, r) => v || `用户 ${r.actor_id}` },
    { title: '操作', dataIndex: 'action', width: 130, render: (v: string) => ACTION_LABEL[v] ?? v },
    { title: '对象', key: 'target', width: 160, render: (_, r) => <>{r.target_label || r.target_id}<div style={{ fontSize: 12, color: '#888' }}>{r.target_type} {r.target_id}</div></> },
    { title: '修改前', dataIndex: 'before', render: (v: AuditLog['before']) => <Fields value={v} /> },
    { title: '修改后', dataIndex: 'after', render: (v: AuditLog['after']) => <Fields value={v} /> },
    { title: '来源地址', dataIndex: 'ip', width: 130 },
  ];
  const reset = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPage(1); };
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search allowClear placeholder="操作人" style={{ width: 160 }} aria-label="按操作人筛选" onSearch={reset(setActor)} />
        <Select allowClear placeholder="操作类型" style={{ width: 180 }} options={ACTION_OPTIONS} value={action} onChange={reset(setAction)} aria-label="按操作类型筛选" />
        <Input.Search allowClear placeholder="对象名称或编号" style={{ width: 180 }} aria-label="按对象筛选" onSearch={reset(setTarget)} />
        <DatePicker.RangePicker value={period} onChange={reset(setPeriod)} />
      </Space>
      <Table<AuditLog> rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        scroll={{ x: 1100 }} locale={{ emptyText: '暂无操作记录' }} size="middle"
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)} />
    </>
  );
}
