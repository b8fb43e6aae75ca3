import { useState } from 'react';
import { Avatar, Button, Checkbox, Modal, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Member } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { useUserInfo } from '../../../lib/session.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useOrgMembers } from '../api/org-members.ts';
import { useSetMemberRoles } from '../api/set-member-roles.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { ORG_ROLE_OPTIONS, roleLabel } from '@xueban/contract/roles';
import { AddMemberDialog } from './AddMemberDialog.tsx';

const PAGE_SIZE = 10;

/** 组织成员: every member with roles; add a member, change roles (teacher, creator, admin…), remove. */
export function MemberTable() {
  const [page, setPage] = useState(1);
  const list = useOrgMembers({ page, limit: PAGE_SIZE });
  const { data: me } = useUserInfo();
  const setRoles = useSetMemberRoles();
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<Member | null>(null);
  const [roles, setRolesDraft] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);

  const columns: TableColumnsType<Member> = [
    {
      title: '成员', dataIndex: 'truename', render: (_, m) => (
        <Space><Avatar size={32} src={m.avatar || undefined}>{(m.truename || '用').slice(0, 1)}</Avatar>{m.truename || `用户 ${m.uid}`}</Space>
      ),
    },
    { title: '账号', key: 'account', render: (_, m) => m.mobile || m.email || '—' },
    { title: '角色', dataIndex: 'roles', render: (rs: string[]) => <Space size={4} wrap>{rs.map((r) => <Tag key={r}>{roleLabel(r)}</Tag>)}</Space> },
    { title: '加入时间', dataIndex: 'join_time', width: 160, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作', key: 'actions', width: 150, render: (_, m) => m.uid === me?.uid ? <Tag>我</Tag> : (
        <Space size={4}>
          <Button type="link" size="small" aria-label={`设置 ${m.truename} 的角色`} onClick={() => { setEditing(m); setRolesDraft(m.roles); }}>设置角色</Button>
          <Popconfirm title={`确定将 ${m.truename} 移出组织？`} okText="移除" cancelText="取消" onConfirm={() => remove.mutate(m.uid, { onSuccess: () => showSuccess(MSG.deleted) })}>
            <Button type="link" size="small" danger>移除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setAdding(true)}>添加成员</Button>
      </Space>
      <Table<Member>
        rowKey="uid" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching} scroll={{ x: 760 }}
        locale={{ emptyText: '暂无成员' }} pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
      />
      <Modal
        open={!!editing} title={`设置角色：${editing?.truename ?? ''}`} okText="保存" cancelText="取消"
        okButtonProps={{ disabled: roles.length === 0, loading: setRoles.isPending }}
        onCancel={() => setEditing(null)}
        onOk={() => editing && setRoles.mutate({ uid: editing.uid, roles: roles as never }, { onSuccess: () => { showSuccess(MSG.updated); setEditing(null); } })}
        destroyOnHidden
      >
        <Checkbox.Group aria-label="角色" options={ORG_ROLE_OPTIONS} value={roles} onChange={(v) => setRolesDraft(v as string[])} />
        <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 12 }}>教师可进入教学空间；创作者可创建机器人；管理员可管理本组织。</p>
      </Modal>
      <AddMemberDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
