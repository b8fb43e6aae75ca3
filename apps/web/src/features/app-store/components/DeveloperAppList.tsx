import { useState } from 'react';
import { Avatar, Button, Form, Modal, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import type { AppListing } from '@xueban/contract/app-store';
import { APP_KIND_LABEL, priceLabel } from '@xueban/contract/constants/app-store';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useDevApps } from '../api/dev-app-list.ts';
import { useCreateApp } from '../api/create-app.ts';
import { useDeleteApp } from '../api/delete-app.ts';
import { useSubmitApp } from '../api/submit-app.ts';
import { useWithdrawApp } from '../api/withdraw-app.ts';
import { canSubmit, canWithdraw, statusTag } from '../lib/app-status.ts';
import { AppListingFields, listingBody, listingInitial, type ListingValues } from './AppListingFields.tsx';

const PAGE_SIZE = 10;

/** The app's icon, or its first character on a coloured square. */
export const AppIcon = ({ name, icon, size = 40 }: { name: string; icon: string; size?: number }) => (
  <Avatar shape="square" size={size} src={icon || undefined} style={{ background: '#1677ff', flex: 'none' }}>{name.slice(0, 1)}</Avatar>
);

/** 开发者中心 (/developer/index): my apps, their review status, and a new one. */
export function DeveloperAppList() {
  const [page, setPage] = useState(1);
  const list = useDevApps({ page, limit: PAGE_SIZE });
  const create = useCreateApp();
  const submit = useSubmitApp();
  const withdraw = useWithdrawApp();
  const remove = useDeleteApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ListingValues>();
  const navigate = useNavigate();

  const columns: TableColumnsType<AppListing> = [
    {
      title: '应用', dataIndex: 'name', render: (_, a) => (
        <Space>
          <AppIcon name={a.name} icon={a.icon} />
          <span><Link to={pathTo('developer-app-detail', {}, { id: a.id })}>{a.name}</Link><br />
            <small style={{ color: 'rgba(0,0,0,0.45)' }}>{APP_KIND_LABEL[a.kind]} · {a.source_name || '—'}</small></span>
        </Space>
      ),
    },
    { title: '价格', dataIndex: 'price_fen', width: 150, render: (v: number) => priceLabel(v) },
    {
      title: '状态', dataIndex: 'status', width: 100, render: (v: number, a) => {
        const t = statusTag(v);
        const tag = <Tag color={t.color}>{t.label}</Tag>;
        return a.reject_reason ? <Tooltip title={`未通过原因：${a.reject_reason}`}>{tag}</Tooltip> : tag;
      },
    },
    { title: '创建时间', dataIndex: 'create_time', width: 150, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作', key: 'actions', width: 230, render: (_, a) => (
        <Space size={4} wrap>
          <Link to={pathTo('app-manage', { id: a.id })}>编辑</Link>
          {canSubmit(a.status) && (
            <Button type="link" size="small" disabled={submit.isPending} onClick={() => submit.mutate({ id: a.id }, { onSuccess: () => showSuccess(MSG.applyPending) })}>提交审核</Button>
          )}
          {canWithdraw(a.status) && (
            <Popconfirm title={a.status === 3 ? '下架后组织无法再安装，已安装的不受影响' : '撤回审核申请？'} okText="确定" cancelText="取消"
              onConfirm={() => withdraw.mutate({ id: a.id }, { onSuccess: () => showSuccess(MSG.done) })}>
              <Button type="link" size="small">{a.status === 3 ? '下架' : '撤回'}</Button>
            </Popconfirm>
          )}
          <Popconfirm title="确定删除该应用？" okText="删除" okButtonProps={{ danger: true }} cancelText="取消"
            onConfirm={() => remove.mutate({ id: a.id }, { onSuccess: () => showSuccess(MSG.deleted) })}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setOpen(true)}>新建应用</Button>
        <Link to={pathTo('creator', { tab: 'app' })}>查看收益中心</Link>
      </Space>
      <Table<AppListing>
        rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} scroll={{ x: 860 }}
        locale={{ emptyText: '还没有应用。把你的机器人打包成应用，审核通过后各组织即可在应用商店安装。' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
      <Modal open={open} title="新建应用" okText="保存草稿" cancelText="取消" width={640} onCancel={() => setOpen(false)} onOk={() => form.submit()}
        okButtonProps={{ loading: create.isPending }} destroyOnHidden>
        <Form<ListingValues> form={form} layout="vertical" preserve={false} initialValues={listingInitial()}
          onFinish={(v) => create.mutate({ kind: v.kind ?? 'robot', robot_id: v.robot_id, solution_id: v.solution_id, ...listingBody(v) }, {
            onSuccess: (app) => { showSuccess(MSG.created); setOpen(false); void navigate(pathTo('developer-app-detail', {}, { id: app.id })); },
          })}>
          <AppListingFields withSource />
        </Form>
      </Modal>
    </>
  );
}
