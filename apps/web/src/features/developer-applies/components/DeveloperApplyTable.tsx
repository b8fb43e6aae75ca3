import { useState } from 'react';
import { Avatar, Button, Popconfirm, Segmented, Space, Table, Tag, Tooltip, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import type { DeveloperApplyRow as DeveloperApply } from '@xueban/contract/uc';
import { useAuditDeveloperApply } from '../api/audit-developer-apply.ts';
import { useDeveloperApplyList } from '../api/get-developer-apply-list.ts';
import { APPLY_STATUS, APPLY_STATUS_LABEL, parseStatus, type ApplyStatus } from '../lib/apply-status.ts';
import { RejectApplyDialog } from './RejectApplyDialog.tsx';
import { tablePagination } from '../../../components/table-pagination.ts';

const PAGE_SIZE = LIMITS.pageSize.default;
const FILTERS = [
  { value: String(APPLY_STATUS.PENDING), label: '待审核' },
  { value: String(APPLY_STATUS.APPROVED), label: '已通过' },
  { value: String(APPLY_STATUS.REJECTED), label: '已拒绝' },
  { value: 'all', label: '全部' },
];

/**
 * Applications to become a creator (admin-developer, group-developer-list): filtered by audit
 * status (spec §4; pending first, as that is the work to do), approve, or reject with a reason.
 * Filter and page live in the URL.
 */
export function DeveloperApplyTable() {
  const [search, setSearch] = useSearchParams();
  const filter = search.get('status') ?? String(APPLY_STATUS.PENDING);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useDeveloperApplyList({ page, limit: PAGE_SIZE, status: parseStatus(filter) });
  const audit = useAuditDeveloperApply();
  const [rejecting, setRejecting] = useState<DeveloperApply | null>(null);
  const [toast, toastHolder] = message.useMessage();

  const go = (next: { status?: string; page?: number }) => {
    const params: Record<string, string> = {};
    const status = next.status ?? filter;
    if (status !== String(APPLY_STATUS.PENDING)) params.status = status;
    const p = next.page ?? page;
    if (p > 1) params.page = String(p);
    setSearch(params);
  };

  const decide = (id: number, status: 3 | -2, reason?: string) =>
    audit.mutate({ id, status, reason }, {
      onSuccess: () => {
        void toast.success(MSG.done);
        setRejecting(null);
      },
    });

  const columns: TableColumnsType<DeveloperApply> = [
    {
      title: '申请人',
      dataIndex: 'truename',
      width: 200,
      render: (_, r) => (
        <Space>
          <Avatar size={32} src={r.avatar || undefined}>{(r.truename || '用').slice(0, 1)}</Avatar>
          <span>{r.truename || `用户 ${r.uid}`}</span>
        </Space>
      ),
    },
    { title: '申请理由', dataIndex: 'reason', render: (v: string) => v || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (_, r) => {
        // The server sends a number; one it does not list shows as itself.
        const label = APPLY_STATUS_LABEL[r.status as ApplyStatus] as (typeof APPLY_STATUS_LABEL)[ApplyStatus] | undefined;
        const tag = <Tag color={label?.color}>{label?.label ?? r.status}</Tag>;
        return r.status === APPLY_STATUS.REJECTED && r.reject_reason ? <Tooltip title={`拒绝理由：${r.reject_reason}`}>{tag}</Tooltip> : tag;
      },
    },
    { title: '申请时间', dataIndex: 'create_time', width: 160, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, r) =>
        r.status === APPLY_STATUS.PENDING ? (
          <Space size={4}>
            <Popconfirm title={`确定通过 ${r.truename} 的申请？`} okText="通过" cancelText="取消" onConfirm={() => decide(r.id, 3)}>
              <Button type="link" size="small" disabled={audit.isPending}>通过</Button>
            </Popconfirm>
            <Button type="link" size="small" danger disabled={audit.isPending} onClick={() => setRejecting(r)}>拒绝</Button>
          </Space>
        ) : '—',
    },
  ];

  return (
    <>
      {toastHolder}
      <Segmented options={FILTERS} value={filter} onChange={(v) => go({ status: v, page: 1 })} style={{ marginBottom: 16 }} />
      <Table<DeveloperApply>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 800 }}
        locale={{ emptyText: '暂无申请' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => go({ page: p }))}
      />
      <RejectApplyDialog
        open={!!rejecting}
        name={rejecting?.truename ?? ''}
        busy={audit.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && decide(rejecting.id, -2, reason)}
      />
    </>
  );
}
