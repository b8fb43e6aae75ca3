import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import type { AdminIntentCategoryItem } from '@xueban/contract/intents';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useAdminIntents } from '../api/admin-intents.ts';
import { useDeleteAdminIntent } from '../api/delete-admin-intent.ts';
import { CategoryFormModal } from './CategoryFormModal.tsx';

const PAGE_SIZE = LIMITS.pageSize.default;

/** 意图库 (/admin/robot/intent): every organisation's intent categories; 查看内容, 编辑, 删除. */
export function AdminIntentTable() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const keyword = search.get('keyword') ?? '';
  const list = useAdminIntents({ page, limit: PAGE_SIZE, keyword: keyword || undefined });
  const remove = useDeleteAdminIntent();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(keyword);
  const [editing, setEditing] = useState<AdminIntentCategoryItem | undefined>(undefined);
  const go = (next: { page?: number; keyword?: string }) => {
    const kw = next.keyword ?? keyword;
    const p = next.page ?? 1;
    setSearch({ ...(kw ? { keyword: kw } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  const columns: TableColumnsType<AdminIntentCategoryItem> = [
    { title: '分类名称', dataIndex: 'name' },
    { title: '简介', dataIndex: 'info', ellipsis: true },
    { title: '所属组织', key: 'group', render: (_, r) => r.group.name },
    { title: '意图数', dataIndex: 'intent_count', width: 90 },
    { title: '关联机器人', dataIndex: 'robot_count', width: 110 },
    { title: '创建人', key: 'creator', width: 120, render: (_, r) => r.creator.truename || '—' },
    { title: '更新时间', dataIndex: 'update_time', width: 170, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作', key: 'op', width: 200,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(pathTo('admin-intent-content', {}, { id: r.id }))}>查看内容</Button>
          <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
          <Popconfirm
            title={`确定删除“${r.name}”？`}
            description={MSG.intentCategoryDeleteConfirm}
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(r.id).then(() => showSuccess(MSG.deleted))}
          >
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="搜索意图分类"
          placeholder="搜索分类名称"
          allowClear
          style={{ width: 260 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => go({ keyword: v.trim(), page: 1 })}
        />
      </Flex>
      <Table<AdminIntentCategoryItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 960 }}
        locale={{ emptyText: keyword ? '没有找到相关分类' : '暂无意图分类' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => go({ page: p }))}
      />
      <CategoryFormModal admin open={editing !== undefined} category={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
