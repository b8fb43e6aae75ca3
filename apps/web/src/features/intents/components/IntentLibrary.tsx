import { useState } from 'react';
import { Button, Empty, Flex, Input, List, Modal, Pagination, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import type { IntentCategoryItem, IntentItem } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useIntentCategories } from '../api/get-intent-categories.ts';
import { useDeleteIntentCategory } from '../api/delete-intent-category.ts';
import { useIntents } from '../api/get-intents.ts';
import { useDeleteIntent } from '../api/delete-intent.ts';
import { CategoryFormModal } from './CategoryFormModal.tsx';
import { IntentFormModal } from './IntentFormModal.tsx';
import { IntentCardGrid } from './IntentCardGrid.tsx';

const CATEGORY_PAGE = 20;

/**
 * 意图库: the organisation's intent categories on the left (page and limit, 新建, 编辑, 删除),
 * the chosen category's intents as cards on the right (3 per row, 12 at a time, 加载更多). A card
 * opens its recommend content (/resIntent/content?id=…). Category, page and keyword live in the URL.
 * `onShare` (the creator centre) adds 发布到资源中心 for the chosen category.
 */
export function IntentLibrary({ onShare }: { onShare?: (category: { id: number; name: string }) => void } = {}) {
  const [search, setSearch] = useSearchParams();
  const catPage = Math.max(1, Number(search.get('cpage')) || 1);
  const categories = useIntentCategories({ page: catPage, limit: CATEGORY_PAGE });
  const cats = categories.data?.data ?? [];
  const chosenId = Number(search.get('category')) || cats[0]?.id;
  const chosen = cats.find((c) => c.id === chosenId) ?? cats[0];
  const keyword = search.get('keyword') ?? '';
  const [typed, setTyped] = useState(keyword);
  const intents = useIntents(chosen?.id, keyword || undefined);
  const removeCategory = useDeleteIntentCategory();
  const removeIntent = useDeleteIntent();
  const navigate = useNavigate();
  const [editingCategory, setEditingCategory] = useState<IntentCategoryItem | null | undefined>(undefined);
  const [editingIntent, setEditingIntent] = useState<IntentItem | null | undefined>(undefined);
  const [confirmModal, confirmHolder] = Modal.useModal();

  const set = (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '' || (v === 1 && k === 'cpage')) params.delete(k);
      else params.set(k, String(v));
    }
    setSearch(params);
  };
  const openIntent = (i: IntentItem) => void navigate(pathTo('resIntent-content', {}, { id: i.id }));

  const confirmDeleteCategory = (c: IntentCategoryItem) =>
    void confirmModal.confirm({
      title: `确定删除分类“${c.name}”？`,
      content: MSG.intentCategoryDeleteConfirm + (c.robot_count ? `，已关联的 ${c.robot_count} 个机器人将不再使用它。` : '。'),
      okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: () => removeCategory.mutateAsync(c.id).then(() => {
        showSuccess(MSG.deleted);
        if (c.id === chosen?.id) set({ category: undefined, keyword: undefined });
      }),
    });
  const confirmDeleteIntent = (i: IntentItem) =>
    void confirmModal.confirm({
      title: `确定删除意图“${i.name}”？`, content: MSG.intentDeleteConfirm,
      okText: '删除', okButtonProps: { danger: true }, cancelText: '取消',
      onOk: () => removeIntent.mutateAsync(i.id).then(() => showSuccess(MSG.deleted)),
    });

  const items = intents.data?.pages.flatMap((p) => p.data) ?? [];
  const total = intents.data?.pages[0]?.total ?? 0;

  return (
    <div className="intent-library" style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {confirmHolder}
      <aside aria-label="意图分类" style={{ width: 260, maxWidth: '100%', flex: 'none', background: '#fafafa', borderRadius: 8, padding: 12 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text strong>意图分类</Typography.Text>
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setEditingCategory(null)}>新建分类</Button>
        </Flex>
        <Spin spinning={categories.isFetching}>
          <List
            size="small"
            dataSource={cats}
            locale={{ emptyText: categories.isLoading ? '加载中…' : '暂无分类' }}
            renderItem={(c) => (
              <List.Item
                onClick={() => set({ category: c.id, keyword: undefined })}
                style={{ cursor: 'pointer', borderRadius: 6, padding: '6px 4px 6px 8px', background: c.id === chosen?.id ? '#e6f0ff' : undefined }}
                aria-current={c.id === chosen?.id ? 'true' : undefined}
              >
                <Flex gap={6} align="center" style={{ width: '100%', minWidth: 0 }}>
                  <FolderOutlined aria-hidden />
                  <Typography.Text ellipsis={{ tooltip: c.name }} style={{ flex: 1, minWidth: 0 }}>{c.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }} aria-label={`${c.intent_count} 个意图`}>{c.intent_count}</Typography.Text>
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={`编辑分类 ${c.name}`} onClick={(e) => { e.stopPropagation(); setEditingCategory(c); }} />
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除分类 ${c.name}`} onClick={(e) => { e.stopPropagation(); confirmDeleteCategory(c); }} />
                </Flex>
              </List.Item>
            )}
          />
        </Spin>
        {(categories.data?.total ?? 0) > CATEGORY_PAGE && (
          <Pagination simple size="small" current={catPage} pageSize={CATEGORY_PAGE} total={categories.data?.total ?? 0} onChange={(p) => set({ cpage: p, category: undefined })} style={{ marginTop: 8 }} />
        )}
      </aside>

      <div style={{ flex: 1, minWidth: 280 }}>
        {chosen ? (
          <>
            <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Title level={5} style={{ margin: 0 }}>{chosen.name}</Typography.Title>
                {chosen.robot_count > 0 && <Tag variant="filled" color="blue">关联机器人 {chosen.robot_count}</Tag>}
              </Flex>
              <Flex gap={8} wrap>
                <Input.Search
                  aria-label="搜索意图"
                  placeholder="搜索意图名称"
                  allowClear
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  onSearch={(v) => set({ keyword: v.trim() })}
                  style={{ width: 220 }}
                />
                {onShare && <Button icon={<ShareAltOutlined />} onClick={() => onShare(chosen)}>发布到资源中心</Button>}
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingIntent(null)}>新建意图</Button>
              </Flex>
            </Flex>
            <Spin spinning={intents.isLoading}>
              {items.length ? (
                <IntentCardGrid intents={items} onOpen={openIntent} onEdit={setEditingIntent} onDelete={confirmDeleteIntent} />
              ) : (
                <Empty style={{ padding: '48px 0' }} description={intents.isLoading ? '加载中…' : keyword ? '没有找到匹配的意图' : '该分类还没有意图'} />
              )}
            </Spin>
            {intents.hasNextPage && (
              <Flex justify="center" style={{ marginTop: 16 }}>
                <Button loading={intents.isFetchingNextPage} onClick={() => void intents.fetchNextPage()}>加载更多（{items.length}/{total}）</Button>
              </Flex>
            )}
          </>
        ) : (
          <Empty style={{ padding: '48px 0' }} description={categories.isLoading ? '加载中…' : '还没有意图分类，新建一个分类后即可添加意图'}>
            {!categories.isLoading && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingCategory(null)}>新建分类</Button>}
          </Empty>
        )}
      </div>

      <CategoryFormModal
        open={editingCategory !== undefined}
        category={editingCategory}
        onClose={() => setEditingCategory(undefined)}
        onSaved={(saved) => { if (!editingCategory) set({ category: saved.id, keyword: undefined, cpage: undefined }); }}
      />
      {chosen && (
        <IntentFormModal
          open={editingIntent !== undefined}
          categoryId={chosen.id}
          intent={editingIntent}
          onClose={() => setEditingIntent(undefined)}
          onSaved={(saved) => { if (!editingIntent) openIntent(saved); }}
        />
      )}
    </div>
  );
}
