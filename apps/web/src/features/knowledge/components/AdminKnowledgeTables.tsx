import { useState } from 'react';
import { Alert, Button, Flex, Input, Popconfirm, Select, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { FileTextOutlined } from '@ant-design/icons';
import { pathTo } from '../../../app/paths.ts';
import {
  DOCUMENT_STATUS_LABEL, DOCUMENT_TYPE_LABEL, type AdminDocumentItem, type DocumentStatus as Status, type KnowledgeBaseItem,
} from '@xueban/contract/knowledge';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { tablePagination } from '../../../components/table-pagination.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useAdminDeleteKnowledge, useAdminDocuments, useAdminKnowledgeBases } from '../api/admin-knowledge.ts';
import { DocumentStatus } from './DocumentStatus.tsx';
import { useRetrievalStatus } from '../api/get-retrieval-status.ts';

const PAGE_SIZE = LIMITS.pageSize.default;
const time = (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm');

/** Page, keyword and (documents) status kept in the address, so a reload or a shared link shows the same list. */
function useListParams() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const keyword = search.get('keyword') ?? '';
  const status = (search.get('status') || undefined) as Status | undefined;
  const go = (next: { page?: number; keyword?: string; status?: Status | null }) => {
    const kw = next.keyword ?? keyword;
    const st = next.status === null ? undefined : next.status ?? status;
    const p = next.page ?? 1;
    setSearch({ ...(kw ? { keyword: kw } : {}), ...(st ? { status: st } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };
  return { page, keyword, status, go };
}

function SearchBox({ label, keyword, onSearch }: { label: string; keyword: string; onSearch: (v: string) => void }) {
  const [typed, setTyped] = useState(keyword);
  return (
    <Input.Search aria-label={label} placeholder={label} allowClear style={{ width: 260 }} value={typed}
      onChange={(e) => setTyped(e.target.value)} onSearch={(v) => onSearch(v.trim())} />
  );
}

/** How this deployment retrieves knowledge, and why not hybrid when it is not (e.g. no pgvector on the server). */
function RetrievalAlert() {
  const status = useRetrievalStatus().data;
  if (!status) return null;
  return (
    <Alert style={{ marginBottom: 16 }} showIcon type={status.mode === 'hybrid' ? 'success' : 'info'}
      message={`检索方式：${status.mode === 'hybrid' ? '混合检索（向量 + 关键词）' : '关键词检索'}`} description={status.note} />
  );
}

/** 知识库 (/admin/robot/repository): every organisation's knowledge bases, with their owner; 删除. */
export function AdminKnowledgeBaseTable() {
  const { page, keyword, go } = useListParams();
  const list = useAdminKnowledgeBases({ page, limit: PAGE_SIZE, keyword: keyword || undefined });
  const remove = useAdminDeleteKnowledge().base;
  const columns: TableColumnsType<KnowledgeBaseItem> = [
    { title: '知识库名称', dataIndex: 'name', width: 200 },
    { title: '简介', dataIndex: 'info', ellipsis: true },
    { title: '所属组织', key: 'group', render: (_, r) => r.group?.name ?? '—' },
    { title: '文档数', dataIndex: 'doc_count', width: 90 },
    { title: '分段数', dataIndex: 'chunk_count', width: 90 },
    { title: '关联机器人', dataIndex: 'robot_count', width: 110 },
    { title: '创建人', key: 'creator', width: 120, render: (_, r) => r.creator.truename || '—' },
    { title: '更新时间', dataIndex: 'update_time', width: 170, render: time },
    {
      title: '操作', key: 'op', width: 90, fixed: 'right',
      render: (_, r) => (
        <Popconfirm title={`确定删除“${r.name}”？`} description="知识库的文档和分段将一并删除，并与机器人取消关联" okText="删除" cancelText="取消"
          onConfirm={() => remove.mutateAsync(r.id).then(() => showSuccess(MSG.deleted))}>
          <Button type="link" size="small" danger>删除</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <>
      <RetrievalAlert />
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <SearchBox label="搜索知识库名称" keyword={keyword} onSearch={(v) => go({ keyword: v })} />
        <Link to={pathTo('admin-knowledge')}><Button icon={<FileTextOutlined />}>知识管理（全部文档）</Button></Link>
      </Flex>
      <Table<KnowledgeBaseItem> rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        scroll={{ x: 1000 }} locale={{ emptyText: keyword ? '没有找到相关知识库' : '暂无知识库' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => go({ page: p }))} />
    </>
  );
}

/** 知识管理 (/admin/robot/knowledge): every organisation's documents with their training state; 删除. */
export function AdminDocumentTable() {
  const { page, keyword, status, go } = useListParams();
  const list = useAdminDocuments({ page, limit: PAGE_SIZE, keyword: keyword || undefined, status });
  const remove = useAdminDeleteKnowledge().documents;
  const columns: TableColumnsType<AdminDocumentItem> = [
    { title: '文档名称', dataIndex: 'name', ellipsis: true },
    { title: '类型', dataIndex: 'type', width: 90, render: (t: AdminDocumentItem['type']) => <Tag>{DOCUMENT_TYPE_LABEL[t]}</Tag> },
    { title: '状态', key: 'status', width: 200, render: (_, r) => <DocumentStatus doc={r} /> },
    { title: '所属知识库', dataIndex: 'repository_name', ellipsis: true },
    { title: '所属组织', key: 'group', render: (_, r) => r.group.name },
    { title: '分段数', dataIndex: 'chunk_count', width: 90 },
    { title: '上传时间', dataIndex: 'create_time', width: 170, render: time },
    {
      title: '操作', key: 'op', width: 90, fixed: 'right',
      render: (_, r) => (
        <Popconfirm title={`确定删除“${r.name}”？`} okText="删除" cancelText="取消"
          onConfirm={() => remove.mutateAsync([r.id]).then(() => showSuccess(MSG.deleted))}>
          <Button type="link" size="small" danger>删除</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox label="搜索文档名称" keyword={keyword} onSearch={(v) => go({ keyword: v })} />
        <Select<Status> aria-label="文档状态" placeholder="全部状态" allowClear style={{ width: 140 }} value={status}
          options={Object.entries(DOCUMENT_STATUS_LABEL).map(([value, label]) => ({ value: value as Status, label }))}
          onChange={(v) => go({ status: v ?? null })} />
      </Flex>
      <Table<AdminDocumentItem> rowKey="id" columns={columns} dataSource={list.data?.data ?? []} loading={list.isFetching}
        scroll={{ x: 1100 }} locale={{ emptyText: keyword || status ? '没有找到相关文档' : '暂无文档' }}
        pagination={tablePagination(page, PAGE_SIZE, list.data?.total ?? 0, (p) => go({ page: p }))} />
    </>
  );
}
