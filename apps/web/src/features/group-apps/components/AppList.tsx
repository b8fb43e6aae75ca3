import { useState } from 'react';
import { Alert, Avatar, Button, Form, Input, InputNumber, Modal, Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { AppInstallation } from '@xueban/contract/org';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useAppList } from '../api/app-list.ts';
import { useInstallApp } from '../api/install-app.ts';

const PAGE_SIZE = 10;

/** 应用列表: the organisation's installed apps with their seats (used / bought) and usage. */
export function AppList() {
  const [page, setPage] = useState(1);
  const list = useAppList({ page, limit: PAGE_SIZE });
  const install = useInstallApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; intro: string; seats: number }>();

  const columns: TableColumnsType<AppInstallation> = [
    {
      title: '应用', dataIndex: 'name', render: (_, a) => (
        <Space><Avatar shape="square" src={a.icon || undefined} style={{ background: '#1677ff' }}>{a.name.slice(0, 1)}</Avatar>
          <span><Link to={pathTo('group-app-manage', { id: a.id })}>{a.name}</Link><br /><small style={{ color: 'rgba(0,0,0,0.45)' }}>{a.intro || '—'}</small></span>
        </Space>
      ),
    },
    {
      title: '席位（已分配/总数）', key: 'seats', width: 200, render: (_, a) => (
        <Space direction="vertical" size={0} style={{ width: 160 }}>
          <span>{a.seats_used} / {a.seats}</span>
          <Progress percent={Math.round((a.seats_used / Math.max(1, a.seats)) * 100)} size="small" showInfo={false} />
        </Space>
      ),
    },
    { title: '来源', key: 'source', width: 100, render: (_, a) => (a.store_app_id ? <Tag color="blue">应用商店</Tag> : <Tag>手动登记</Tag>) },
    { title: '使用次数', dataIndex: 'open_count', width: 100 },
    { title: '安装人', dataIndex: 'installed_by', width: 110, render: (v: string) => v || '—' },
    { title: '安装时间', dataIndex: 'installed_at', width: 160, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    { title: '操作', key: 'actions', width: 90, render: (_, a) => <Link to={pathTo('group-app-manage', { id: a.id })}>管理</Link> },
  ];

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="本组织已安装的应用和席位：可在「应用商店」安装已上架的应用，也可在这里登记线下开通的应用，并把席位分配给成员。" />
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setOpen(true)}>添加应用</Button>
      <Table<AppInstallation>
        rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} scroll={{ x: 860 }}
        locale={{ emptyText: '还没有安装应用' }} pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
      <Modal open={open} title="添加应用" okText="添加" cancelText="取消" onCancel={() => setOpen(false)} onOk={() => form.submit()} okButtonProps={{ loading: install.isPending }} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ seats: 50 }}
          onFinish={(v) => install.mutate({ name: v.name, intro: v.intro ?? '', seats: v.seats }, { onSuccess: () => { showSuccess(MSG.created); setOpen(false); } })}>
          <Form.Item name="name" label="应用名称" rules={[{ required: true, whitespace: true, message: '请输入应用名称' }, { max: 30, message: '应用名称在30个字以内' }]}><Input maxLength={30} /></Form.Item>
          <Form.Item name="intro" label="简介"><Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} /></Form.Item>
          <Form.Item name="seats" label="席位数" rules={[{ required: true, message: '请输入席位数' }]}><InputNumber min={1} max={100000} precision={0} /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
