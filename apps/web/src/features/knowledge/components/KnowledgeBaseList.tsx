import { useState } from 'react';
import { Button, Card, Col, Dropdown, Empty, Flex, Input, Modal, Pagination, Row, Spin, Tag, Tooltip, Typography } from 'antd';
import { BookOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined, LoadingOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import type { KnowledgeBaseItem } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { useKnowledgeBases } from '../../../lib/queries/knowledge-bases.ts';
import { useDeleteKnowledgeBase } from '../api/delete-knowledge-base.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { KnowledgeBaseFormModal } from './KnowledgeBaseFormModal.tsx';

const PAGE_SIZE = 12;

function BaseCard({ base, onOpen, onEdit, onDelete, onShare }: { base: KnowledgeBaseItem; onOpen: () => void; onEdit: () => void; onDelete: () => void; onShare?: (() => void) | undefined }) {
  return (
    <Card
      hoverable
      className="kb-card"
      data-testid="kb-card"
      onClick={onOpen}
      styles={{ body: { padding: 16, display: 'flex', flexDirection: 'column', gap: 10, height: '100%' } }}
      style={{ height: '100%' }}
    >
      <Flex align="center" gap={12}>
        <span aria-hidden style={{ width: 40, height: 40, borderRadius: 8, background: '#eef4ff', color: '#3370ff', display: 'grid', placeItems: 'center', fontSize: 20, flex: 'none' }}>
          <BookOutlined />
        </span>
        <Typography.Text strong ellipsis={{ tooltip: base.name }} style={{ flex: 1, fontSize: 16 }}>{base.name}</Typography.Text>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'edit', icon: <EditOutlined />, label: '编辑' },
              ...(onShare ? [{ key: 'share', icon: <ShareAltOutlined />, label: '发布到资源中心' }] : []),
              { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true },
            ],
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              if (key === 'edit') onEdit();
              else if (key === 'share') onShare?.();
              else onDelete();
            },
          }}
        >
          <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={`${base.name} 更多操作`} onClick={(e) => e.stopPropagation()} />
        </Dropdown>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }}>
        {base.info || '暂无简介'}
      </Typography.Paragraph>
      <Flex gap={6} wrap>
        <Tag variant="filled">文档 {base.doc_count}</Tag>
        <Tag variant="filled">分段 {base.chunk_count}</Tag>
        {base.training_count > 0 && <Tag variant="filled" color="processing" icon={<LoadingOutlined />}>训练中 {base.training_count}</Tag>}
        {base.robot_count > 0 && <Tag variant="filled" color="blue">关联机器人 {base.robot_count}</Tag>}
      </Flex>
      <Flex justify="space-between" style={{ marginTop: 'auto', color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
        <span>{base.creator.truename || '—'}</span>
        <Tooltip title={`创建于 ${dayjs.unix(base.create_time).format('YYYY-MM-DD HH:mm')}`}>
          <span>更新于 {dayjs.unix(base.update_time).format('YYYY-MM-DD HH:mm')}</span>
        </Tooltip>
      </Flex>
    </Card>
  );
}

/**
 * The organisation's knowledge bases as cards (name, description, 文档数, 分段数, 训练中, creator,
 * update time): search by name, 新建知识库, 编辑, 删除 with a confirmation; a card opens the base's
 * content page. Keyword and page live in the URL. `onShare` (the creator centre) adds 发布到资源中心.
 */
export function KnowledgeBaseList({ onShare }: { onShare?: (base: KnowledgeBaseItem) => void } = {}) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const keyword = search.get('keyword') ?? '';
  const list = useKnowledgeBases({ page, limit: PAGE_SIZE, keyword: keyword || undefined });
  const remove = useDeleteKnowledgeBase();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(keyword);
  const [editing, setEditing] = useState<KnowledgeBaseItem | null | undefined>(undefined);
  const [confirmModal, confirmHolder] = Modal.useModal();

  const go = (next: { page?: number; keyword?: string }) => {
    const kw = next.keyword ?? keyword;
    const p = next.page ?? 1;
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('keyword');
    if (kw) params.set('keyword', kw);
    if (p > 1) params.set('page', String(p));
    setSearch(params);
  };
  const open = (base: KnowledgeBaseItem) => void navigate(pathTo('repository-content', { id: base.id }));
  const confirmDelete = (base: KnowledgeBaseItem) =>
    void confirmModal.confirm({
      title: `确定删除知识库“${base.name}”？`,
      content: base.robot_count > 0
        ? `它的 ${base.doc_count} 个文档将一并删除，已关联的 ${base.robot_count} 个机器人将不再使用它。`
        : `它的 ${base.doc_count} 个文档将一并删除，删除后不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(base.id).then(() => {
        showSuccess(MSG.deleted);
        const left = (list.data?.total ?? 0) - 1;
        if (page > 1 && left <= (page - 1) * PAGE_SIZE) go({ page: page - 1 });
      }),
    });

  const items = list.data?.data ?? [];
  return (
    <div className="kb-list">
      {confirmHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="搜索知识库"
          placeholder="搜索知识库名称"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => go({ keyword: v.trim(), page: 1 })}
          style={{ maxWidth: 320 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>新建知识库</Button>
      </Flex>
      <Spin spinning={list.isFetching}>
        {items.length ? (
          <Row gutter={[16, 16]}>
            {items.map((base) => (
              <Col key={base.id} xs={24} sm={12} lg={8} xl={8}>
                <BaseCard base={base} onOpen={() => open(base)} onEdit={() => setEditing(base)} onDelete={() => confirmDelete(base)} onShare={onShare ? () => onShare(base) : undefined} />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty
            style={{ padding: '48px 0' }}
            description={list.isLoading ? '加载中…' : keyword ? '没有找到匹配的知识库' : '还没有知识库，新建一个，上传文档后即可关联到机器人'}
          >
            {!list.isLoading && !keyword && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>新建知识库</Button>}
          </Empty>
        )}
      </Spin>
      {(list.data?.total ?? 0) > PAGE_SIZE && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination current={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} showSizeChanger={false} showTotal={(n) => `共 ${n} 个`} onChange={(p) => go({ page: p })} />
        </Flex>
      )}
      <KnowledgeBaseFormModal
        open={editing !== undefined}
        base={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => { if (!editing && saved?.id) open(saved); }}
      />
    </div>
  );
}
