import { useState } from 'react';
import { Button, Form, Input, Select, Space, Table, Tag, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { MSG } from '@xueban/contract/messages';
import { FormModal } from '../../../components/FormModal.tsx';
import { tablePagination } from '../../../components/table-pagination.ts';
import { ORG_ROLE_OPTIONS, ROLE_LABEL } from '@xueban/contract/roles';
import { useOrgMembers } from '../api/get-org-members.ts';
import { useOrgList } from '../api/get-org-list.ts';
import { useAddOrgMember } from '../api/add-org-member.ts';
import { useSetOrgMemberRoles } from '../api/set-org-member-roles.ts';
import { useMoveUser } from '../api/move-user.ts';
import { UserActions } from './UserActions.tsx';

const PAGE_SIZE = 10;
interface Member { uid: number; truename: string; mobile: string | null; email: string | null; roles: string[]; status: number; join_time: number }
type Dialog = { kind: 'add' } | { kind: 'roles'; m: Member } | { kind: 'move'; m: Member } | null;

/** One organisation's members (/admin/user/organization/content?id=…): add, roles, move, reset password, disable. */
export function OrgMembers({ groupId }: { groupId: number }) {
  const [page, setPage] = useState(1);
  const members = useOrgMembers({ group_id: groupId, page, limit: PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<{ account?: string; roles?: string[]; to_group_id?: number }>();
  const add = useAddOrgMember();
  const roles = useSetOrgMemberRoles();
  const move = useMoveUser();
  const [orgKeyword, setOrgKeyword] = useState('');
  const orgs = useOrgList({ page: 1, limit: 20, keyword: orgKeyword || undefined });
  const [toast, toastHolder] = message.useMessage();
  const close = (text: string) => { void toast.success(text); setDialog(null); };

  const open = (d: Dialog) => {
    form.resetFields();
    if (d?.kind === 'roles') form.setFieldsValue({ roles: d.m.roles });
    if (d?.kind === 'add') form.setFieldsValue({ roles: ['ROLE_STUDENT'] });
    setDialog(d);
  };
  const finish = (v: { account?: string; roles?: string[]; to_group_id?: number }) => {
    if (dialog?.kind === 'add') add.mutate({ group_id: groupId, account: v.account!, roles: v.roles as never }, { onSuccess: () => close(MSG.created) });
    if (dialog?.kind === 'roles') roles.mutate({ group_id: groupId, uid: dialog.m.uid, roles: v.roles as never }, { onSuccess: () => close(MSG.updated) });
    if (dialog?.kind === 'move') move.mutate({ uid: dialog.m.uid, from_group_id: groupId, to_group_id: v.to_group_id! }, { onSuccess: () => close(MSG.done) });
  };

  const columns: TableColumnsType<Member> = [
    { title: '姓名', dataIndex: 'truename', render: (v: string, m) => <>{v || '—'} {m.status ? null : <Tag>已停用</Tag>}</> },
    { title: '手机号 / 邮箱', key: 'account', render: (_, m) => m.mobile ?? m.email ?? '—' },
    { title: '角色', dataIndex: 'roles', render: (rs: string[]) => rs.map((r) => <Tag key={r}>{ROLE_LABEL[r] ?? r}</Tag>) },
    { title: '加入时间', dataIndex: 'join_time', width: 120, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD') },
    { title: '操作', key: 'ops', width: 320, render: (_, m) => (
      <Space size={4} wrap>
        <Button size="small" type="link" onClick={() => open({ kind: 'roles', m })}>设置角色</Button>
        <Button size="small" type="link" onClick={() => open({ kind: 'move', m })}>移到其他组织</Button>
        <UserActions uid={m.uid} name={m.truename} status={m.status} />
      </Space>
    ) },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open({ kind: 'add' })}>添加成员</Button>
      </Space>
      <Table<Member> rowKey="uid" columns={columns} dataSource={members.data?.data ?? []} loading={members.isFetching}
        scroll={{ x: 900 }} locale={{ emptyText: '该组织还没有成员' }}
        pagination={tablePagination(page, PAGE_SIZE, members.data?.total ?? 0, setPage)} />
      <FormModal open={dialog !== null} name="org-member" form={form} onCancel={() => setDialog(null)} onFinish={finish}
        saving={add.isPending || roles.isPending || move.isPending}
        title={dialog?.kind === 'add' ? '添加成员' : dialog?.kind === 'roles' ? `设置角色：${dialog.m.truename}` : dialog?.kind === 'move' ? `移动用户：${dialog.m.truename}` : ''}>
        {dialog?.kind === 'add' && (
          <Form.Item name="account" label="手机号或邮箱" rules={[{ required: true, message: '请输入已注册账号的手机号或邮箱' }]}>
            <Input placeholder="已注册账号的手机号或邮箱" />
          </Form.Item>
        )}
        {(dialog?.kind === 'add' || dialog?.kind === 'roles') && (
          <Form.Item name="roles" label="角色" rules={[{ required: true, message: '请至少选择一个角色' }]}>
            <Select mode="multiple" options={ORG_ROLE_OPTIONS} />
          </Form.Item>
        )}
        {dialog?.kind === 'move' && (
          <Form.Item name="to_group_id" label="目标组织" rules={[{ required: true, message: '请选择目标组织' }]}>
            <Select showSearch filterOption={false} onSearch={setOrgKeyword} placeholder="搜索组织名称"
              options={(orgs.data?.data ?? []).filter((o) => o.id !== groupId).map((o) => ({ value: o.id, label: o.name }))} />
          </Form.Item>
        )}
      </FormModal>
      {toastHolder}
    </>
  );
}

