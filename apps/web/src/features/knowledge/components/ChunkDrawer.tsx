import { useState } from 'react';
import { Button, Drawer, Empty, Flex, Input, List, Pagination, Space, Spin, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { KNOWLEDGE_LIMITS, type KnowledgeChunkItem, type KnowledgeDocumentItem } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { useChunks } from '../api/get-chunks.ts';
import { useEditChunk } from '../api/edit-chunk.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { showError } from '../../../lib/api.ts';

const PAGE_SIZE = 20;

function ChunkCard({ chunk, qa, no }: { chunk: KnowledgeChunkItem; qa: boolean; no: number }) {
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(chunk.content);
  const [question, setQuestion] = useState(chunk.question);
  const edit = useEditChunk();
  const save = () => {
    if (!content.trim()) return showError(MSG.kbChunkRequired);
    edit.mutate({ id: chunk.id, content: content.trim(), question: qa ? question.trim() : undefined }, {
      onSuccess: () => {
        showSuccess(MSG.updated);
        setEditing(false);
      },
    });
  };
  return (
    <div className="kb-chunk" data-testid="kb-chunk" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, width: '100%' }}>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 6 }}>
        <Space size={6} wrap>
          <Tag variant="filled">#{no}</Tag>
          {chunk.heading && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{chunk.heading}</Typography.Text>}
          {chunk.edited && <Tag color="orange" variant="filled">已编辑</Tag>}
        </Space>
        {!editing && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => { setContent(chunk.content); setQuestion(chunk.question); setEditing(true); }}>
            编辑
          </Button>
        )}
      </Flex>
      {editing ? (
        <Flex vertical gap={8}>
          {qa && (
            <Input.TextArea aria-label="问题" value={question} onChange={(e) => setQuestion(e.target.value)} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={KNOWLEDGE_LIMITS.qaFieldMax} />
          )}
          <Input.TextArea aria-label="分段内容" value={content} onChange={(e) => setContent(e.target.value)} autoSize={{ minRows: 3, maxRows: 14 }} maxLength={KNOWLEDGE_LIMITS.chunkMax} showCount />
          <Flex justify="flex-end" gap={8}>
            <Button size="small" onClick={() => setEditing(false)}>取消</Button>
            <Button size="small" type="primary" loading={edit.isPending} onClick={save}>保存</Button>
          </Flex>
        </Flex>
      ) : (
        <>
          {chunk.question && <Typography.Paragraph strong style={{ marginBottom: 4 }}>问：{chunk.question}</Typography.Paragraph>}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} ellipsis={{ rows: 8, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}>
            {chunk.question ? `答：${chunk.content}` : chunk.content}
          </Typography.Paragraph>
        </>
      )}
    </div>
  );
}

/** 查看分段: a document's chunks in order (heading, question, content), each editable. */
export function ChunkDrawer({ doc, onClose }: { doc: KnowledgeDocumentItem | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const chunks = useChunks({ document_id: doc?.id ?? 0, page, limit: PAGE_SIZE }, !!doc);
  const items = chunks.data?.data ?? [];
  return (
    <Drawer
      open={!!doc}
      onClose={onClose}
      afterOpenChange={(open) => { if (!open) setPage(1); }}
      title={doc ? `分段 · ${doc.name}` : '分段'}
      size={640}
      destroyOnHidden
    >
      {doc && (
        <Typography.Paragraph type="secondary">
          共 {chunks.data?.total ?? doc.chunk_count} 个分段，{doc.char_count} 个字符。编辑后的分段立即参与检索。
        </Typography.Paragraph>
      )}
      <Spin spinning={chunks.isFetching}>
        {items.length ? (
          <List dataSource={items} split={false} renderItem={(c, i) => <List.Item style={{ padding: '6px 0' }}><ChunkCard chunk={c} qa={doc?.type === 'qa'} no={(page - 1) * PAGE_SIZE + i + 1} /></List.Item>} />
        ) : (
          <Empty description={chunks.isLoading ? '加载中…' : '暂无分段'} />
        )}
      </Spin>
      {(chunks.data?.total ?? 0) > PAGE_SIZE && (
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={chunks.data?.total ?? 0} showSizeChanger={false} onChange={setPage} />
        </Flex>
      )}
    </Drawer>
  );
}
