import { useState } from 'react';
import { Button, Empty, Flex, List, Popover, Spin, Typography } from 'antd';
import { ClearOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { timeLabel } from '../../../lib/time-label.ts';
import { useScrollLoad } from '../../robots/hooks/use-scroll-load.ts';
import type { ChatSessionControl } from '../hooks/use-chat-session.ts';

interface Props {
  control: ChatSessionControl;
  /** Runs `then` when logged in, else shows the login prompt. */
  gate: (then: () => void) => void;
  onClear: () => void;
  busy: boolean;
}

/** 历史记录: the caller's sessions with this robot, 15 a page, loading on as it scrolls. */
function HistoryList({ control, onPick }: { control: ChatSessionControl; onPick: (id: number) => void }) {
  const { sessions, list, currentId } = control;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = sessions;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());
  if (sessions.isPending) return <Spin style={{ display: 'block', margin: 16 }} />;
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noHistory} />;
  return (
    <div style={{ width: 280, maxHeight: 360, overflowY: 'auto' }} aria-label={MSG.chatHistory}>
      <List
        size="small"
        dataSource={list}
        renderItem={(s) => (
          <List.Item
            onClick={() => onPick(s.id)}
            className={s.id === currentId ? 'chat-history-item is-current' : 'chat-history-item'}
            style={{ cursor: 'pointer' }}
          >
            <Typography.Text ellipsis style={{ maxWidth: 180 }}>{s.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{timeLabel(s.update_time)}</Typography.Text>
          </List.Item>
        )}
      />
      {hasNextPage && <div ref={end} style={{ height: 24, textAlign: 'center' }}>{isFetchingNextPage && <Spin size="small" />}</div>}
    </div>
  );
}

/**
 * 新建会话, 历史记录 and the current session's name (spec §2), with 清空 beside them. In a narrow
 * chat the buttons show as icons (chat.css); their titles name them.
 */
export function SessionControl({ control, gate, onClear, busy }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" gap={8} className="chat-session-bar">
      <Typography.Text strong ellipsis className="chat-session-name" style={{ flex: 1, minWidth: 0 }}>
        {control.current?.name ?? ''}
      </Typography.Text>
      <Button size="small" icon={<PlusOutlined />} title={MSG.newSession} onClick={() => gate(() => void control.create())}>{MSG.newSession}</Button>
      <Popover
        open={open}
        onOpenChange={(next) => (next ? gate(() => setOpen(true)) : setOpen(false))}
        trigger="click"
        placement="bottomRight"
        title={MSG.chatHistory}
        content={open ? <HistoryList control={control} onPick={(id) => { control.select(id); setOpen(false); }} /> : null}
      >
        <Button size="small" icon={<HistoryOutlined />} title={MSG.chatHistory}>{MSG.chatHistory}</Button>
      </Popover>
      <Button size="small" icon={<ClearOutlined />} disabled={busy} onClick={() => gate(onClear)} aria-label="清空对话" title="清空对话">清空</Button>
    </Flex>
  );
}
