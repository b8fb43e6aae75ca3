import { useState } from 'react';
import { Button, Card, Empty, Flex, List, Modal, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import type { IntentContentItem, IntentItem } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../app/paths.ts';
import { showSuccess } from '../../lib/toast.ts';
import { useIntentContents } from '../../features/intents/api/get-intent-contents.ts';
import { useCategoryIntentOptions } from '../../features/intents/api/get-intents.ts';
import { useDeleteIntentContent } from '../../features/intents/api/delete-intent-content.ts';
import { useSortIntentContents } from '../../features/intents/api/sort-intent-contents.ts';
import { ContentPartModal } from '../../features/intents/components/ContentPartModal.tsx';
import { IntentFormModal } from '../../features/intents/components/IntentFormModal.tsx';
import { RecommendPartView } from '../../features/intents/components/RecommendPartView.tsx';
import { RelatedIntents } from '../../features/intents/components/RelatedIntents.tsx';

/**
 * /resIntent/content?id=…: one intent's recommend content — the parts a matched question or a
 * click on the intent shows in the chat, in order: add, edit, delete, move up or down; below, the
 * related intents.
 */
export function IntentContentPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const contents = useIntentContents(id);
  const intent = contents.data?.intent;
  const siblings = useCategoryIntentOptions(intent?.category_id);
  const remove = useDeleteIntentContent();
  const sort = useSortIntentContents();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<IntentContentItem | null | undefined>(undefined);
  const [editingIntent, setEditingIntent] = useState(false);
  const [confirmModal, confirmHolder] = Modal.useModal();

  if (!id || contents.isError) {
    return <Result status="404" title="意图不存在" extra={<Button onClick={() => void navigate(pathTo('resIntent'))}>返回意图库</Button>} />;
  }
  const parts = contents.data?.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = parts.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void sort.mutateAsync({ intent_id: id, ids });
  };
  const confirmDelete = (p: IntentContentItem) =>
    void confirmModal.confirm({
      title: MSG.intentContentDeleteConfirm, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: () => remove.mutateAsync(p.id).then(() => showSuccess(MSG.deleted)),
    });
  const openIntent = (i: IntentItem) => void navigate(pathTo('resIntent-content', {}, { id: i.id }));

  return (
    <div className="intent-content">
      {confirmHolder}
      <Spin spinning={contents.isLoading}>
        <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回意图库" onClick={() => void navigate(pathTo('resIntent', {}, intent ? { category: intent.category_id } : {}))} />
          <Typography.Title level={4} style={{ margin: 0 }}>{intent?.name ?? '意图'}</Typography.Title>
          {intent?.keywords.map((k) => <Tag key={k} variant="filled">{k}</Tag>)}
          {intent && <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditingIntent(true)}>编辑意图</Button>}
        </Flex>
        {intent?.info && <Typography.Paragraph type="secondary">{intent.info}</Typography.Paragraph>}
        <Card
          title={`推荐内容（${parts.length}）`}
          size="small"
          extra={<Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing(null)}>添加推荐内容</Button>}
        >
          {parts.length ? (
            <List
              dataSource={parts}
              renderItem={(p, index) => (
                <List.Item
                  actions={[
                    <Tooltip key="up" title="上移"><Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={index === 0 || sort.isPending} onClick={() => move(index, -1)} /></Tooltip>,
                    <Tooltip key="down" title="下移"><Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label="下移" disabled={index === parts.length - 1 || sort.isPending} onClick={() => move(index, 1)} /></Tooltip>,
                    <Tooltip key="edit" title="编辑"><Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑" onClick={() => setEditing(p)} /></Tooltip>,
                    <Tooltip key="del" title="删除"><Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" onClick={() => confirmDelete(p)} /></Tooltip>,
                  ]}
                >
                  <RecommendPartView part={p} />
                </List.Item>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={contents.isLoading ? '加载中…' : `${MSG.intentNoContent}添加文本、链接、附件或意图后，提问命中该意图时将推荐给用户`} />
          )}
        </Card>
        {intent && <RelatedIntents intent={intent} candidates={siblings.data ?? []} onOpen={openIntent} />}
      </Spin>
      {intent && (
        <>
          {editing !== undefined && <ContentPartModal
            key={editing?.id ?? 'new'}
            open
            intentId={id}
            part={editing}
            nextSort={parts.length ? Math.max(...parts.map((p) => p.sort)) + 1 : 0}
            intents={siblings.data ?? []}
            onClose={() => setEditing(undefined)}
          />}
          <IntentFormModal open={editingIntent} categoryId={intent.category_id} intent={intent} onClose={() => setEditingIntent(false)} />
        </>
      )}
    </div>
  );
}
