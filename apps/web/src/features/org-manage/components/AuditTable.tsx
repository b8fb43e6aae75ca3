import { useState } from 'react';
import { Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { AuditLog as AuditRow } from '@xueban/contract/admin';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useAuditList } from '../api/audit-list.ts';
import { AUDIT_ACTIONS, AUDIT_FILTERS, describeChange } from '../lib/audit-labels.ts';
import { roleLabel } from '@xueban/contract/roles';

const PAGE_SIZE = 10;

/** 操作日志: every change made in this organisation's management, newest first, with before and after. */
export function AuditTable() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const list = useAuditList({ page, limit: PAGE_SIZE, action: action || undefined, actor: actor || undefined });
  const columns: TableColumnsType<AuditRow> = [
    { title: '时间', dataIndex: 'create_time', width: 160, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') },
    { title: '操作人', dataIndex: 'actor_name', width: 110, render: (v: string, r) => v || `用户 ${r.actor_id}` },
    { title: '操作', dataIndex: 'action', width: 130, render: (v: string) => <Tag>{AUDIT_ACTIONS[v] ?? v}</Tag> },
    { title: '对象', dataIndex: 'target_label', width: 140, render: (v: string, r) => v || `${r.target_type} ${r.target_id}` },
    { title: '修改前', dataIndex: 'before', render: (v: AuditRow['before']) => describeChange(v, roleLabel) },
    { title: '修改后', dataIndex: 'after', render: (v: AuditRow['after']) => describeChange(v, roleLabel) },
    { title: 'IP 地址', dataIndex: 'ip', width: 130 },
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select aria-label="操作类型" options={AUDIT_FILTERS} value={action} onChange={(v) => { setAction(v); setPage(1); }} style={{ width: 160 }} />
        <Input.Search aria-label="操作人" placeholder="按操作人搜索" allowClear onSearch={(v) => { setActor(v.trim()); setPage(1); }} style={{ width: 200 }} />
      </Space>
      <Table<AuditRow>
        rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无操作记录' }} pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
    </>
  );
}
