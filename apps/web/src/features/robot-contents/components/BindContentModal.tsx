import { useState } from 'react';
import { Checkbox, Empty, Flex, Input, Modal, Pagination, Spin, Tag, Typography } from 'antd';
import { BINDING_TYPE_LABEL } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';
import { useKnowledgeBases } from '../../../lib/queries/knowledge-bases.ts';
import { useIntentCategories } from '../api/get-intent-categories.ts';
import { useBindContent } from '../api/bind-content.ts';
import { showSuccess } from '../../../lib/toast.ts';

const PAGE_SIZE = 8;

export type PickableType = 'repository' | 'intent';

interface Pickable {
  id: number;
  name: string;
  info: string;
  meta: string;
}

/**
 * 关联知识库 / 关联意图库: the organisation's knowledge bases (or intent libraries) to pick from,
 * several at once, across pages; the ones already bound are ticked and greyed.
 */
export function BindContentModal({ robotId, type, open, bound, onClose }: { robotId: number; type: PickableType; open: boolean; bound: readonly number[]; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const params = { page, limit: PAGE_SIZE, keyword: keyword || undefined };
  const bases = useKnowledgeBases(params, open && type === 'repository');
  const intents = useIntentCategories(params, open && type === 'intent');
  const list = type === 'repository' ? bases : intents;
  const items: Pickable[] = type === 'repository'
    ? (bases.data?.data ?? []).map((b) => ({ id: b.id, name: b.name, info: b.info, meta: `${b.doc_count} 个文档 · ${b.chunk_count} 个分段` }))
    : (intents.data?.data ?? []).map((c) => ({ id: c.id, name: c.name, info: c.info, meta: `${c.intent_count} 个意图` }));
  const label = BINDING_TYPE_LABEL[type];
  const bind = useBindContent();
  const close = () => {
    setPicked([]);
    setPage(1);
    setKeyword('');
    onClose();
  };
  const ok = () => {
    if (!picked.length) return close();
    bind.mutate({ robot_id: robotId, type, ids: picked }, {
      onSuccess: () => {
        showSuccess(MSG.bindingDone);
        close();
      },
    });
  };
  return (
    <Modal
      open={open}
      title={`关联${label}`}
      okText={picked.length ? `关联 ${picked.length} 个` : '关联'}
      cancelText="取消"
      okButtonProps={{ disabled: !picked.length }}
      confirmLoading={bind.isPending}
      onOk={ok}
      onCancel={close}
      destroyOnHidden
    >
      <Input.Search aria-label={`搜索${label}`} placeholder={`搜索${label}名称`} allowClear onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} style={{ marginBottom: 12 }} />
      <Spin spinning={list.isFetching}>
        {items.length ? (
          <Flex vertical gap={8} role="list" aria-label={`${label}列表`}>
            {items.map((b) => {
              const already = bound.includes(b.id);
              const on = already || picked.includes(b.id);
              return (
                <label
                  key={b.id}
                  role="listitem"
                  style={{ display: 'flex', gap: 12, alignItems: 'flex-start', border: `1px solid ${on ? '#91caff' : '#f0f0f0'}`, borderRadius: 8, padding: '10px 12px', cursor: already ? 'default' : 'pointer', background: on ? '#f0f7ff' : undefined }}
                >
                  <Checkbox
                    checked={on}
                    disabled={already}
                    aria-label={b.name}
                    onChange={(e) => setPicked((all) => (e.target.checked ? [...all, b.id] : all.filter((x) => x !== b.id)))}
                  />
                  <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                    <Flex gap={8} align="center">
                      <Typography.Text strong ellipsis>{b.name}</Typography.Text>
                      {already && <Tag variant="filled" color="blue">已关联</Tag>}
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                      {b.meta}{b.info ? ` · ${b.info}` : ''}
                    </Typography.Text>
                  </Flex>
                </label>
              );
            })}
          </Flex>
        ) : (
          <Empty description={list.isLoading ? '加载中…' : keyword ? `没有找到匹配的${label}` : `还没有${label}，请先到“${label}”中新建`} />
        )}
      </Spin>
      {(list.data?.total ?? 0) > PAGE_SIZE && (
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} showSizeChanger={false} onChange={setPage} />
        </Flex>
      )}
    </Modal>
  );
}
