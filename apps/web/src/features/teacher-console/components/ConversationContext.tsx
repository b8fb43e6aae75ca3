import { useEffect, useRef, useState } from 'react';
import { Button, Drawer, Empty, Flex, Input, Spin, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { REPLY_STATUS_LABEL } from '@xueban/contract/constants/chat';
import { CORRECTION_MAX } from '@xueban/contract/constants/teaching-console';
import type { FollowItem } from '@xueban/contract/teaching-console';
import { showSuccess } from '../../../lib/toast.ts';
import { contextKey, useViewContext } from '../api/view-context.ts';
import { followKey } from '../api/get-follow.ts';
import { saveCorrection } from '../api/save-correction.ts';
import { CorrectionBlock } from './CorrectionBlock.tsx';
import './teacher-console.css';

/** The correction editor under one answer: 订正 opens it, 保存订正 stores it. */
function CorrectForm({ item, onDone }: { item: FollowItem; onDone: () => void }) {
  const [text, setText] = useState(item.correction?.content ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveCorrection(item.id, text.trim());
      showSuccess('订正已保存，学生会在对话中看到');
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      <Input.TextArea
        aria-label="订正内容"
        placeholder="写下正确的回答，学生会在这条回答下看到“老师订正”"
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={CORRECTION_MAX}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
        <Button onClick={onDone}>取消</Button>
        <Button type="primary" loading={saving} disabled={!text.trim()} onClick={() => void save()}>保存订正</Button>
      </Flex>
    </Flex>
  );
}

/**
 * A student's conversation around one exchange (ChatRecords/viewContext), in a drawer: the opened
 * exchange is outlined and scrolled to; each answer can be corrected.
 */
export function ConversationContext({ recordId, onClose }: { recordId: number | null; onClose: () => void }) {
  const qc = useQueryClient();
  const ctx = useViewContext(recordId);
  const [editing, setEditing] = useState<number | null>(null);
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ctx.data) target.current?.scrollIntoView({ block: 'center' });
  }, [ctx.data]);
  const done = () => {
    setEditing(null);
    void qc.invalidateQueries({ queryKey: contextKey });
    void qc.invalidateQueries({ queryKey: followKey });
  };
  const data = ctx.data;
  return (
    <Drawer
      open={recordId !== null}
      onClose={onClose}
      size="min(720px, 100vw)"
      title={data ? `${data.user.truename || `学生 ${data.user.uid}`} · ${data.team_title} · ${data.session.name}` : '对话上下文'}
    >
      {ctx.isPending && recordId ? <Spin /> : !data ? <Empty description="对话记录不存在" /> : (
        <div className="tc-context">
          {data.records.map((r) => (
            <div key={r.id} ref={r.id === data.record_id ? target : undefined} className={`tc-exchange${r.id === data.record_id ? ' tc-exchange-target' : ''}`} data-record-id={r.id}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dayjs.unix(r.create_time).format('YYYY-MM-DD HH:mm')}</Typography.Text>
              <div className="tc-question">{r.question}</div>
              <div className="tc-answer">
                {r.answer || <Typography.Text type="secondary">{r.notice || '（没有回答）'}</Typography.Text>}
                {r.status !== 'done' && <Tag style={{ marginLeft: 8 }}>{REPLY_STATUS_LABEL[r.status]}</Tag>}
              </div>
              {r.correction && editing !== r.id && <CorrectionBlock correction={r.correction} />}
              {editing === r.id ? <CorrectForm item={r} onDone={done} /> : (
                <Flex justify="flex-end">
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(r.id)}>
                    {r.correction ? '修改订正' : '订正'}
                  </Button>
                </Flex>
              )}
            </div>
          ))}
        </div>
      )}
    </Drawer>
  );
}
