import { Button, Empty, Flex, List, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import { pathTo } from '../../../app/paths.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useAdminIntentContents } from '../api/get-admin-intent-contents.ts';
import type { AdminIntentWithContents } from '@xueban/contract/intents';
import { RecommendPartView } from './RecommendPartView.tsx';

const PAGE_SIZE = LIMITS.pageSize.default;

/** 意图内容 (/admin/robot/intent/content?id=…): a category's intents, each row unfolding its recommend parts. */
export function AdminIntentContent() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useAdminIntentContents({ category_id: id, page, limit: PAGE_SIZE });
  const navigate = useNavigate();

  const columns: TableColumnsType<AdminIntentWithContents> = [
    { title: '意图名称', dataIndex: 'name' },
    { title: '关键词', key: 'keywords', render: (_, r) => r.keywords.map((k) => <Tag key={k} variant="filled">{k}</Tag>) },
    { title: '推荐内容', key: 'count', width: 100, render: (_, r) => r.contents.length },
    { title: '排序', dataIndex: 'sort', width: 80 },
  ];

  return (
    <>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回意图库" onClick={() => void navigate(pathTo('admin-intent'))} />
        <Typography.Title level={5} style={{ margin: 0 }}>{list.data?.category.name ?? '意图内容'}</Typography.Title>
      </Flex>
      <Table<AdminIntentWithContents>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        locale={{ emptyText: id ? '该分类还没有意图' : '请从意图库选择分类' }}
        expandable={{
          expandedRowRender: (r) => r.contents.length
            ? <List size="small" dataSource={r.contents} renderItem={(p) => <List.Item><RecommendPartView part={p} /></List.Item>} />
            : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该意图没有推荐内容" />,
        }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => setSearch({ id: String(id), ...(p > 1 ? { page: String(p) } : {}) }))}
      />
    </>
  );
}
