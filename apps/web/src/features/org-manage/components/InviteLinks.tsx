import { useState } from 'react';
import { Button, Card, Form, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useOrgInvites } from '../api/org-invites.ts';
import { useCreateInvite } from '../api/create-invite.ts';
import { useRevokeInvite } from '../api/revoke-invite.ts';
import { ORG_ROLE_OPTIONS, roleLabel } from '@xueban/contract/roles';

type Invite = NonNullable<ReturnType<typeof useOrgInvites>['data']>['data'][number];
const PAGE_SIZE = 5;

/** 邀请链接: make a link with its role and expiry (1–30 days), copy it, see who made it, revoke it. */
export function InviteLinks() {
  const [page, setPage] = useState(1);
  const list = useOrgInvites({ page, limit: PAGE_SIZE });
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const absolute = (url: string) => new URL(url, window.location.origin).toString();

  const columns: TableColumnsType<Invite> = [
    { title: '邀请链接', dataIndex: 'invite_url', render: (v: string) => <Typography.Text copyable={{ text: absolute(v), tooltips: ['复制', '已复制'] }} style={{ wordBreak: 'break-all' }}>{absolute(v)}</Typography.Text> },
    { title: '加入后角色', dataIndex: 'role', width: 110, render: (r: string) => <Tag>{roleLabel(r)}</Tag> },
    { title: '有效期至', dataIndex: 'expire_time', width: 170, render: (v: number, r) => r.expired ? <Tag color="red">已过期</Tag> : dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    { title: '创建人', dataIndex: 'inviter', width: 110 },
    {
      title: '操作', key: 'actions', width: 90, render: (_, r) => (
        <Popconfirm title="作废后该链接将无法加入组织，确定作废？" okText="作废" cancelText="取消" onConfirm={() => revoke.mutate(r.id, { onSuccess: () => showSuccess(MSG.done) })}>
          <Button type="link" size="small" danger>作废</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title="邀请链接" style={{ marginBottom: 16 }}>
      <Form
        layout="inline" initialValues={{ expire_days: 7, role: 'ROLE_STUDENT' }} style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { expire_days: number; role: string }) => create.mutate({ expire_days: v.expire_days, role: v.role as never }, { onSuccess: () => showSuccess('邀请链接已生成') })}
      >
        <Form.Item name="role" label="加入后角色"><Select options={ORG_ROLE_OPTIONS} style={{ width: 120 }} /></Form.Item>
        <Form.Item name="expire_days" label="有效天数"><InputNumber min={1} max={30} precision={0} style={{ width: 90 }} /></Form.Item>
        <Space><Button type="primary" htmlType="submit" loading={create.isPending}>生成邀请链接</Button></Space>
      </Form>
      <Table<Invite>
        rowKey="id" size="small" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} scroll={{ x: 760 }}
        locale={{ emptyText: '还没有邀请链接：生成一个发给要加入的老师和学生' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
    </Card>
  );
}
