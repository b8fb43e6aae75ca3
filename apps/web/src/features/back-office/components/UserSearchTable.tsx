import { Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { UserRow } from '@xueban/contract/admin';
import { tablePagination } from '../../../components/table-pagination.ts';
import { ROLE_LABEL } from '@xueban/contract/roles';
import { useUserList } from '../api/get-user-list.ts';
import { UserActions } from './UserActions.tsx';

const PAGE_SIZE = 10;

/** Users across organisations, found by name, mobile or email; each organisation with the roles held there. */
export function UserSearchTable({ orgHref }: { orgHref: (id: number) => string }) {
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('keyword') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useUserList({ page, limit: PAGE_SIZE, keyword: keyword || undefined });
  const columns: TableColumnsType<UserRow> = [
    { title: '姓名', dataIndex: 'truename', render: (v: string, u) => (
      <>{v || '—'} {u.is_super_admin && <Tag color="gold">超级管理员</Tag>} {u.status ? null : <Tag>已停用</Tag>} {u.pass_reset_required && <Tag color="orange">待修改密码</Tag>}</>
    ) },
    { title: '手机号 / 邮箱', key: 'account', render: (_, u) => u.mobile ?? u.email ?? '—' },
    { title: '组织与角色', dataIndex: 'groups', render: (gs: UserRow['groups']) => (gs.length ? (
      <Space direction="vertical" size={2}>
        {gs.map((g) => <span key={g.group_id}><Link to={orgHref(g.group_id)}>{g.name}</Link>：{g.roles.map((r) => ROLE_LABEL[r] ?? r).join('、')}</span>)}
      </Space>
    ) : '—') },
    { title: '注册时间', dataIndex: 'create_time', width: 120, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD') },
    { title: '操作', key: 'ops', width: 200, render: (_, u) => (u.is_super_admin ? '—' : <UserActions uid={u.uid} name={u.truename} status={u.status} />) },
  ];
  return (
    <>
      <Input.Search allowClear placeholder="按姓名、手机号或邮箱搜索" defaultValue={keyword} style={{ width: 300, marginBottom: 16 }} aria-label="搜索用户"
        onSearch={(v) => setSearch(v ? { keyword: v } : {})} />
      <Table<UserRow> rowKey="uid" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        scroll={{ x: 900 }} locale={{ emptyText: '没有找到用户' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => setSearch({ ...(keyword ? { keyword } : {}), page: String(p) }))} />
    </>
  );
}
