import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, GlobalOutlined, ImportOutlined, MessageOutlined, FileTextOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_STATUS_LABEL, DOCUMENT_TYPE_LABEL, type DocumentStatus as Status, type KnowledgeDocumentItem } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { useDocuments } from '../api/get-documents.ts';
import { useDeleteDocuments } from '../api/delete-documents.ts';
import { useRetryDocument } from '../api/retry-document.ts';
import { kbDocsKey } from '../../../lib/queries/knowledge-keys.ts';
import { tablePagination } from '../../../components/table-pagination.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { DocumentStatus } from './DocumentStatus.tsx';
import { ChunkDrawer } from './ChunkDrawer.tsx';
import { ImportModal } from './ImportModal.tsx';
import { FilePreviewLink } from '../../../components/file-preview/FilePreviewDialog.tsx';

const PAGE_SIZE = 10;
const TYPE_ICON = { file: <FileTextOutlined />, url: <GlobalOutlined />, qa: <MessageOutlined /> } as const;

/**
 * 文档: a knowledge base's documents with their training state (the page follows training with
 * useTrainingFollow, which refreshes this list on each poll and shows TrainingProgress above). 查看分段 opens the chunks, 重试 trains a failed document again,
 * 删除 removes one or the selected ones; 导入 adds files, a web page or question/answer pairs.
 */
export function DocumentTable({ repositoryId }: { repositoryId: number }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | undefined>();
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [chunksOf, setChunksOf] = useState<KnowledgeDocumentItem | null>(null);
  const [importing, setImporting] = useState(false);
  const docs = useDocuments({ repository_id: repositoryId, page, limit: PAGE_SIZE, status, keyword: keyword || undefined });
  const remove = useDeleteDocuments();
  const retry = useRetryDocument();
  const qc = useQueryClient();
  const [confirmModal, confirmHolder] = Modal.useModal();

  const deleteIds = (ids: number[]) =>
    remove.mutateAsync(ids).then(() => {
      showSuccess(MSG.deleted);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      const left = (docs.data?.total ?? 0) - ids.length;
      if (page > 1 && left <= (page - 1) * PAGE_SIZE) setPage(page - 1);
    });
  const confirmBulk = () =>
    void confirmModal.confirm({
      title: `确定删除选中的 ${selected.length} 个文档？`,
      content: '文档的分段将一并删除，删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => deleteIds(selected),
    });

  const columns: TableColumnsType<KnowledgeDocumentItem> = [
    {
      title: '文档名称', dataIndex: 'name', ellipsis: true,
      render: (name: string, d) => (
        <Space size={6} style={{ maxWidth: '100%' }}>
          <span aria-hidden style={{ color: '#3370ff' }}>{TYPE_ICON[d.type]}</span>
          {d.type === 'url' && d.url
            ? <Tooltip title={d.url}><Typography.Link href={d.url} target="_blank" rel="noopener noreferrer" ellipsis>{name || d.url}</Typography.Link></Tooltip>
            : d.file_url
              ? <FilePreviewLink url={d.file_url} name={name}><Typography.Text ellipsis={{ tooltip: name }} style={{ color: 'inherit' }}>{name}</Typography.Text></FilePreviewLink>
              : <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 72, render: (t: KnowledgeDocumentItem['type']) => <Tag variant="filled">{DOCUMENT_TYPE_LABEL[t] ?? t}</Tag> },
    { title: '状态', key: 'status', width: 140, render: (_, d) => <DocumentStatus doc={d} /> },
    { title: '分段数', dataIndex: 'chunk_count', width: 76, align: 'right' },
    { title: '字符数', dataIndex: 'char_count', width: 76, align: 'right', render: (n: number) => n.toLocaleString('zh-CN') },
    { title: '上传时间', dataIndex: 'create_time', width: 148, render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作', key: 'op', width: 142, fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          {d.status !== 'failed' && (
            <Button type="link" size="small" disabled={d.status !== 'ready' && d.chunk_count === 0} onClick={() => setChunksOf(d)}>查看分段</Button>
          )}
          {/* A failed document has no chunks: 重试 takes the place of 查看分段. */}
          {d.status === 'failed' && (
            <Button type="link" size="small" loading={retry.isPending && retry.variables?.id === d.id} onClick={() => retry.mutate(d, { onSuccess: () => showSuccess(MSG.kbRetryQueued) })}>
              重试
            </Button>
          )}
          <Popconfirm title={`确定删除“${d.name}”？`} description="文档的分段将一并删除" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => deleteIds([d.id])}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      {confirmHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            aria-label="搜索文档"
            placeholder="搜索文档名称"
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => { setKeyword(v.trim()); setPage(1); }}
            style={{ width: 240 }}
          />
          <Select
            aria-label="状态筛选"
            placeholder="全部状态"
            allowClear
            value={status}
            onChange={(v?: Status) => { setStatus(v); setPage(1); }}
            options={(Object.keys(DOCUMENT_STATUS_LABEL) as Status[]).map((k) => ({ value: k, label: DOCUMENT_STATUS_LABEL[k] }))}
            style={{ width: 130 }}
          />
        </Space>
        <Space>
          <Button icon={<DeleteOutlined />} disabled={!selected.length} onClick={confirmBulk}>
            批量删除{selected.length ? ` (${selected.length})` : ''}
          </Button>
          <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>导入</Button>
        </Space>
      </Flex>
      <Table<KnowledgeDocumentItem>
        rowKey="id"
        columns={columns}
        dataSource={docs.data?.data ?? []}
        loading={docs.isLoading}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(page, PAGE_SIZE, docs.data?.total ?? 0, setPage)}
        locale={{ emptyText: keyword || status ? '没有符合条件的文档' : '暂无文档，点击“导入”上传文件、网页或问答对' }}
        // Below this width the table scrolls sideways rather than squeezing the names.
        scroll={{ x: 860 }}
      />
      <ChunkDrawer doc={chunksOf} onClose={() => setChunksOf(null)} />
      <ImportModal
        repositoryId={repositoryId}
        open={importing}
        onClose={() => {
          setImporting(false);
          // New documents are queued: start following them.
          void qc.invalidateQueries({ queryKey: kbDocsKey });
        }}
      />
    </>
  );
}
