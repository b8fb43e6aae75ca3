import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Modal, Select, Skeleton, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { IntentItem } from '@xueban/contract/intents';
import { INTENT_CARDS } from '@xueban/contract/limits';
import { INTENT_LIMITS } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { showSuccess } from '../../../lib/toast.ts';
import { useIntentConnection } from '../api/get-intent-connection.ts';
import { useSaveIntentConnection } from '../api/save-intent-connection.ts';
import { IntentCardGrid } from './IntentCardGrid.tsx';

/** Waits `ms` before saying yes, starting again when `key` changes. */
export function useDelayed(key: unknown, ms: number) {
  const [readyKey, setReadyKey] = useState<unknown>(undefined);
  useEffect(() => {
    const t = setTimeout(() => setReadyKey(key), ms);
    return () => clearTimeout(t);
  }, [key, ms]);
  return readyKey === key;
}

/**
 * 关联意图: loaded INTENT_CARDS.relatedDelayMs (1500 ms) after the page, shown as cards; 设置
 * picks them by hand (none picked: the category's other intents).
 */
export function RelatedIntents({ intent, candidates, onOpen }: { intent: IntentItem; candidates: IntentItem[]; onOpen: (i: IntentItem) => void }) {
  const ready = useDelayed(intent.id, INTENT_CARDS.relatedDelayMs);
  const related = useIntentConnection(intent.id, ready);
  const save = useSaveIntentConnection();
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);

  return (
    <section aria-labelledby="related-intents-title" style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} id="related-intents-title" style={{ margin: 0 }}>关联意图</Typography.Title>
        <Button size="small" icon={<SettingOutlined />} onClick={() => { setPicked(related.data?.map((i) => i.id) ?? []); setEditing(true); }}>设置关联意图</Button>
      </Flex>
      {!ready || related.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : related.data?.length ? (
        <IntentCardGrid intents={related.data} onOpen={onOpen} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无关联意图" />
      )}
      <Modal
        open={editing}
        title="设置关联意图"
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(false)}
        onOk={() => void save.mutateAsync({ id: intent.id, related_ids: picked }).then(() => { showSuccess(MSG.done); setEditing(false); })}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">不设置时，展示同一分类中的其他意图。</Typography.Paragraph>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          value={picked}
          onChange={setPicked}
          maxCount={INTENT_LIMITS.connectionsMax}
          optionFilterProp="label"
          placeholder="选择关联意图"
          options={candidates.filter((c) => c.id !== intent.id).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Modal>
    </section>
  );
}
