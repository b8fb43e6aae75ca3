import { useState } from 'react';
import { Button, Input, Modal, Popconfirm, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { AppListing } from '@xueban/contract/app-store';
import { APP_KIND_LABEL, APP_STATUS, priceLabel } from '@xueban/contract/constants/app-store';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useReviewApp } from '../api/review-app.ts';
import { useReviewList } from '../api/review-list.ts';
import { statusTag } from '../lib/app-status.ts';
import { AppIcon } from './DeveloperAppList.tsx';

const PAGE_SIZE = 10;
const FILTERS = [
  { value: APP_STATUS.PENDING, label: '待审核' },
  { value: APP_STATUS.APPROVED, label: '已上架' },
  { value: APP_STATUS.REJECTED, label: '未通过' },
];

/** 应用审核 (super admin): every organisation's apps submitted for the store; approve or reject with a reason. */
export function AppReviewTable() {
  const [status, setStatus] = useState<number>(APP_STATUS.PENDING);
  const [page, setPage] = useState(1);
  const list = useReviewList({ page, limit: PAGE_SIZE, status });
  const review = useReviewApp();
  const [rejecting, setRejecting] = useState<AppListing | null>(null);
  const [reason, setReason] = useState('');

  const decide = (id: number, s: 3 | -2, why = '') =>
    review.mutate({ id, status: s, reason: why }, { onSuccess: () => { showSuccess(MSG.done); setRejecting(null); setReason(''); } });

  const columns: TableColumnsType<AppListing> = [
    {
      title: '应用', dataIndex: 'name', render: (_, a) => (
        <Space align="start">
          <AppIcon name={a.name} icon={a.icon} />
          <span><b>{a.name}</b> <Tag>{APP_KIND_LABEL[a.kind]}</Tag><br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.intro || a.description.slice(0, 60) || '—'}</Typography.Text></span>
        </Space>
      ),
    },
    { title: '开发者', key: 'dev', width: 180, render: (_, a) => <>{a.developer}<br /><small style={{ color: 'rgba(0,0,0,0.45)' }}>{a.group_name}</small></> },
    { title: '价格', dataIndex: 'price_fen', width: 140, render: (v: number) => priceLabel(v) },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => { const t = statusTag(v); return <Tag color={t.color}>{t.label}</Tag>; } },
    { title: '提交时间', dataIndex: 'submit_time', width: 150, render: (v: number) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm') : '—') },
    {
      title: '操作', key: 'actions', width: 130, render: (_, a) => (a.status === APP_STATUS.PENDING ? (
        <Space size={4}>
          <Popconfirm title={`通过「${a.name}」并上架应用商店？`} okText="通过" cancelText="取消" onConfirm={() => decide(a.id, 3)}>
            <Button type="link" size="small" disabled={review.isPending}>通过</Button>
          </Popconfirm>
          <Button type="link" size="small" danger disabled={review.isPending} onClick={() => setRejecting(a)}>拒绝</Button>
        </Space>
      ) : a.reject_reason || '—'),
    },
  ];

  return (
    <>
      <Segmented options={FILTERS} value={status} onChange={(v) => { setStatus(Number(v)); setPage(1); }} style={{ marginBottom: 16 }} />
      <Table<AppListing>
        rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} scroll={{ x: 900 }}
        locale={{ emptyText: status === APP_STATUS.PENDING ? '没有待审核的应用' : '暂无应用' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
      <Modal open={!!rejecting} title={`拒绝「${rejecting?.name ?? ''}」`} okText="拒绝" okButtonProps={{ danger: true, disabled: !reason.trim(), loading: review.isPending }}
        cancelText="取消" onCancel={() => setRejecting(null)} onOk={() => rejecting && decide(rejecting.id, -2, reason.trim())} destroyOnHidden>
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder="请填写驳回原因，开发者会收到通知" autoSize={{ minRows: 3 }} />
      </Modal>
    </>
  );
}
