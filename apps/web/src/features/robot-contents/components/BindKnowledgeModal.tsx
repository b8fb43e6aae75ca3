import { useState } from 'react';
import { Checkbox, Empty, Flex, Input, Modal, Pagination, Spin, Tag, Typography } from 'antd';
import { MSG } from '@xueban/contract/messages';
import { useKnowledgeBases } from '../../knowledge/api/get-knowledge-bases.ts';
import { useBindContent } from '../api/bind-content.ts';
import { showSuccess } from '../../../lib/toast.ts';

const PAGE_SIZE = 8;

/**
 * 关联知识库: the organisation's knowledge bases to pick from (several at once, across pages);
 * the ones already bound are ticked and greyed.
 */
export function BindKnowledgeModal({ robotId, open, bound, onClose }: { robotId: number; open: boolean; bound: readonly number[]; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const list = useKnowledgeBases({ page, limit: PAGE_SIZE, keyword: keyword || undefined }, open);
  const bind = useBindContent();
  const close = () => {
    setPicked([]);
    setPage(1);
    setKeyword('');
    onClose();
  };
  const ok = () => {
    if (!picked.length) return close();
    bind.mutate({ robot_id: robotId, type: 'repository', ids: picked }, {
      onSuccess: () => {
        showSuccess(MSG.bindingDone);
        close();
      },
    });
  };
  const items = list.data?.data ?? [];
  return (
    <Modal
      open={open}
      title="关联知识库"
      okText={picked.length ? `关联 ${picked.length} 个` : '关联'}
      cancelText="取消"
      okButtonProps={{ disabled: !picked.length }}
      confirmLoading={bind.isPending}
      onOk={ok}
      onCancel={close}
      destroyOnHidden
    >
      <Input.Search aria-label="搜索知识库" placeholder="搜索知识库名称" allowClear onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} style={{ marginBottom: 12 }} />
      <Spin spinning={list.isFetching}>
        {items.length ? (
          <Flex vertical gap={8} role="list" aria-label="知识库列表">
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
                      {already && <Tag bordered={false} color="blue">已关联</Tag>}
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                      {b.doc_count} 个文档 · {b.chunk_count} 个分段{b.info ? ` · ${b.info}` : ''}
                    </Typography.Text>
                  </Flex>
                </label>
              );
            })}
          </Flex>
        ) : (
          <Empty description={list.isLoading ? '加载中…' : keyword ? '没有找到匹配的知识库' : '还没有知识库，请先到“知识库”中新建'} />
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
